/// What a ferryd says about itself in its DNS-SD TXT record (RFC 6763 §6).
///
/// Keys are short and lower-case; readers compare them case-insensitively, take the first of
/// repeated keys and ignore keys they do not know (§6.4, §6.5).
public struct PeerAdvertisement: Sendable, Equatable {
    /// The TXT layout version (`txtvers`, §6.7).
    public static let layoutVersion = 1
    /// RFC 6763 §6.2: keep the whole record small enough for one packet; we allow well under 400 bytes.
    public static let maximumSize = 300

    /// The peer protocol version (`pv`): what the transfer speaks.
    public var protocolVersion: Int?
    /// A stable id of the device (`id`), surviving renames.
    public var deviceId: String?
    /// SHA-256 of the device's TLS certificate, lower-case hex (`fp`).
    public var fingerprint: String?
    /// The receiving mode (`mode`): off, contacts or everyone.
    public var mode: String?

    public init(protocolVersion: Int? = nil, deviceId: String? = nil, fingerprint: String? = nil, mode: String? = nil) {
        self.protocolVersion = protocolVersion
        self.deviceId = deviceId
        self.fingerprint = fingerprint
        self.mode = mode
    }

    /// The TXT strings, `txtvers` first.
    public var txt: [String] {
        var entries = ["txtvers=\(Self.layoutVersion)"]
        if let protocolVersion { entries.append("pv=\(protocolVersion)") }
        if let deviceId { entries.append("id=\(deviceId)") }
        if let fingerprint { entries.append("fp=\(fingerprint)") }
        if let mode { entries.append("mode=\(mode)") }
        return entries
    }

    /// Bytes on the wire: each string is preceded by its length byte.
    public var encodedSize: Int {
        txt.reduce(0) { $0 + 1 + $1.utf8.count }
    }

    /// Reads a TXT record; anything missing or malformed stays nil.
    public init(txt: [String]) {
        var values: [String: String] = [:]
        for entry in txt {
            guard let equals = entry.firstIndex(of: "=") else { continue }
            let key = entry[..<equals].lowercased()
            if values[key] == nil { values[key] = String(entry[entry.index(after: equals)...]) }
        }
        protocolVersion = values["pv"].flatMap { Int($0) }
        deviceId = values["id"].flatMap { $0.isEmpty ? nil : $0 }
        fingerprint = values["fp"].flatMap { $0.isEmpty ? nil : $0.lowercased() }
        mode = values["mode"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Fails with one line when the record would be too large to announce.
    public func validate() throws(DiscoveryError) {
        guard encodedSize <= Self.maximumSize else {
            throw DiscoveryError("the TXT record would be \(encodedSize) bytes; keep it under \(Self.maximumSize)")
        }
    }
}
