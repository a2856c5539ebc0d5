import Crypto
import FoundationEssentials

/// A TSIG key (RFC 8945) as BIND writes it (`tsig-keygen NAME`):
/// `key "NAME" { algorithm hmac-sha256; secret "BASE64"; };`. Only HMAC-SHA256 is taken.
public struct TSIGKey: Sendable, Equatable {
    public var name: DNSName
    public var secret: [UInt8]

    public static let algorithm = try! DNSName("hmac-sha256")

    public init(name: DNSName, secret: [UInt8]) {
        self.name = name
        self.secret = secret
    }

    /// Reads a BIND key file's text.
    /// - Throws: ``DiscoveryError`` naming what is missing or not supported.
    public init(bindKeyFile text: String, path: String) throws(DiscoveryError) {
        let tokens = text.split(whereSeparator: { " \t\n;{}".contains($0) }).map { $0.trimmingQuotes }
        func value(after word: String) -> String? {
            tokens.firstIndex(of: word).flatMap { $0 + 1 < tokens.count ? tokens[$0 + 1] : nil }
        }
        guard let name = value(after: "key"), let key = try? DNSName(name) else {
            throw DiscoveryError("\(path): no key \"NAME\" { ... }; make one with `tsig-keygen NAME > \(path)`")
        }
        guard value(after: "algorithm")?.lowercased() == "hmac-sha256" else {
            throw DiscoveryError("\(path): only algorithm hmac-sha256 is supported (tsig-keygen's default)")
        }
        guard let secret = value(after: "secret").flatMap({ Data(base64Encoded: $0) }), !secret.isEmpty else {
            throw DiscoveryError("\(path): no secret \"BASE64\"; make the file with `tsig-keygen NAME`")
        }
        self.init(name: key, secret: Array(secret))
    }
}

/// Signing a request with TSIG (RFC 8945 §4), and reading the error of a refused one.
public enum TSIG {
    /// How far the server's clock may be from ours, in seconds (the RFC's recommended 300).
    public static let fudge: UInt16 = 300

    /// `message` with its TSIG record appended, signed at `time` (seconds since the epoch).
    public static func sign(_ message: DNSMessage, key: TSIGKey, time: UInt64) -> DNSMessage {
        let unsigned = message.bytes
        var variables: [UInt8] = []
        key.name.canonical.write(to: &variables)
        variables.append16(DNSClass.any)
        variables.append32(0)
        let fields = timersAndError(time: time)
        TSIGKey.algorithm.write(to: &variables)
        variables += fields + [0, 0, 0, 0]
        let mac = Array(HMAC<SHA256>.authenticationCode(for: unsigned + variables, using: SymmetricKey(data: key.secret)))
        var data: [UInt8] = []
        TSIGKey.algorithm.write(to: &data)
        data += fields
        data.append16(UInt16(mac.count))
        data += mac
        data.append16(message.id)
        data += [0, 0, 0, 0]
        var signed = message
        signed.additional.append(DNSRecord(key.name, .tsig, recordClass: DNSClass.any, ttl: 0, data: data))
        return signed
    }

    /// Time signed (48 bits) and fudge.
    private static func timersAndError(time: UInt64) -> [UInt8] {
        var out: [UInt8] = []
        out.append16(UInt16(time >> 32 & 0xFFFF))
        out.append32(UInt32(time & 0xFFFF_FFFF))
        out.append16(fudge)
        return out
    }

    /// The TSIG error of a response (16 BADSIG, 17 BADKEY, 18 BADTIME), nil when there is none.
    public static func error(in response: DNSMessage) -> UInt16? {
        guard let record = response.additional.last, record.type == .tsig else { return nil }
        var reader = DNSReader(record.data)
        guard (try? reader.readName()) != nil, (try? reader.readBytes(8)) != nil,
              let macSize = try? reader.read16(), (try? reader.readBytes(Int(macSize) + 2)) != nil,
              let error = try? reader.read16() else { return nil }
        return error == 0 ? nil : error
    }
}

extension Substring {
    fileprivate var trimmingQuotes: String {
        String(first == "\"" && last == "\"" && count >= 2 ? dropFirst().dropLast() : self)
    }
}
