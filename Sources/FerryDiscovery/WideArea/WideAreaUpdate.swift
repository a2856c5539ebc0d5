/// The DNS UPDATE messages (RFC 2136) that publish and withdraw one `_ferry._tcp` instance in a zone
/// (RFC 6763 §4–§6: PTR from the service type to the instance, SRV and TXT at the instance, A at
/// the host).
public struct WideAreaRecords: Sendable, Equatable {
    public var zone: DNSName
    /// `Ferry A`.
    public var instance: String
    /// The host label under the zone (`ferry-<device id>`), unique per device.
    public var host: String
    public var port: UInt16
    public var txt: [String]
    public var address: String
    public var ttl: UInt32 = 120

    public init(zone: DNSName, instance: String, host: String, port: UInt16, txt: [String], address: String) {
        self.zone = zone
        self.instance = instance
        self.host = host
        self.port = port
        self.txt = txt
        self.address = address
    }

    public var serviceName: DNSName { get throws(DNSWireError) { try zone.prepending("_tcp").prepending(String(Discovery.serviceType.prefix { $0 != "." })) } }
    public var instanceName: DNSName { get throws(DNSWireError) { try serviceName.prepending(instance) } }
    public var hostName: DNSName { get throws(DNSWireError) { try zone.prepending(host) } }

    /// Replaces whatever the instance and host names held with our records, and adds our PTR.
    /// `lease` (seconds) asks for an RFC 9664 update lease; a server that does not know the option ignores it.
    /// - Parameter prerequisites: what must hold for the server to apply it (``WideAreaOwnership``).
    public func publish(id: UInt16, lease: UInt32?, prerequisites: [DNSRecord] = []) throws(DNSWireError) -> DNSMessage {
        guard let addressData = DNSRecordData.a(address) else { throw DNSWireError("\(address) is not an IPv4 address") }
        var message = DNSMessage(id: id, opcode: .update)
        message.questions = [DNSQuestion(zone, .soa)]
        message.answers = prerequisites
        let instanceName = try instanceName, hostName = try hostName
        message.authority = [
            DNSRecord(instanceName, .any, recordClass: DNSClass.any),
            DNSRecord(try serviceName, .ptr, ttl: ttl, data: DNSRecordData.ptr(instanceName)),
            DNSRecord(instanceName, .srv, ttl: ttl, data: DNSRecordData.srv(port: port, target: hostName)),
            DNSRecord(instanceName, .txt, ttl: ttl, data: DNSRecordData.txt(txt)),
            DNSRecord(hostName, .a, recordClass: DNSClass.any),
            DNSRecord(hostName, .a, ttl: ttl, data: addressData),
        ]
        if let lease { message.additional = [Self.leaseOption(lease)] }
        return message
    }

    /// Deletes our PTR and everything at the instance and host names.
    public func withdraw(id: UInt16, prerequisites: [DNSRecord] = []) throws(DNSWireError) -> DNSMessage {
        var message = DNSMessage(id: id, opcode: .update)
        message.questions = [DNSQuestion(zone, .soa)]
        message.answers = prerequisites
        message.authority = [
            DNSRecord(try serviceName, .ptr, recordClass: DNSClass.none, data: DNSRecordData.ptr(try instanceName)),
            DNSRecord(try instanceName, .any, recordClass: DNSClass.any),
            DNSRecord(try hostName, .any, recordClass: DNSClass.any),
        ]
        return message
    }

    /// EDNS(0) OPT with the UPDATE-LEASE option (code 2, RFC 9664 §4), 4-byte form.
    static func leaseOption(_ seconds: UInt32) -> DNSRecord {
        var data: [UInt8] = []
        data.append16(2)
        data.append16(4)
        data.append32(seconds)
        return DNSRecord(try! DNSName(labels: []), .opt, recordClass: 1232, ttl: 0, data: data)
    }

    /// The lease a response grants, nil when the server did not answer with the option.
    static func grantedLease(in response: DNSMessage) -> UInt32? {
        guard let opt = response.additional.first(where: { $0.type == .opt }) else { return nil }
        var reader = DNSReader(opt.data)
        while let code = try? reader.read16(), let length = try? reader.read16(), let value = try? reader.readBytes(Int(length)) {
            if code == 2, value.count >= 4 {
                return value.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
            }
        }
        return nil
    }
}

/// How a DNS server's answer to an update reads to a user: one line naming the server and zone.
public enum UpdateOutcome {
    public static func problem(_ response: DNSMessage, zone: String, server: String, keyName: String) -> String? {
        let tsigError = TSIG.error(in: response)
        if response.rcode == 0 && tsigError == nil { return nil }
        let code = rcodeName(response.rcode) + (tsigError.map { "/" + tsigErrorName($0) } ?? "")
        switch (response.rcode, tsigError) {
        case (9, 16?), (9, 17?):
            return "\(server) refused the update of \(zone): the TSIG key \"\(keyName)\" is not the one it has (\(code)); check the --key file"
        case (9, 18?):
            return "\(server) refused the update of \(zone): this clock and its differ by over \(TSIG.fudge) s (\(code))"
        case (9, _), (5, _):
            return "\(server) refused the update of \(zone) (\(code)): is it the zone's primary, and does it allow updates by key \"\(keyName)\"?"
        case (10, _):
            return "\(server) is not authoritative for \(zone) (\(code)): check the domain"
        default:
            return "\(server) failed the update of \(zone) (\(code))"
        }
    }

    static func rcodeName(_ rcode: UInt8) -> String {
        let names = ["NOERROR", "FORMERR", "SERVFAIL", "NXDOMAIN", "NOTIMP", "REFUSED", "YXDOMAIN", "YXRRSET", "NXRRSET", "NOTAUTH", "NOTZONE"]
        return Int(rcode) < names.count ? names[Int(rcode)] : "RCODE \(rcode)"
    }

    static func tsigErrorName(_ error: UInt16) -> String {
        switch error {
        case 16: "BADSIG"
        case 17: "BADKEY"
        case 18: "BADTIME"
        default: "TSIG error \(error)"
        }
    }
}
