/// Whose the instance name is in the zone, by its SRV records' target, and the RFC 2136 §2.4
/// prerequisites that make an update apply only while that still holds. Another device of the same
/// name is never overwritten, and a withdrawal never deletes another device's records.
enum WideAreaOwnership: Equatable {
    /// Nothing at the name.
    case free
    /// Our host is the target; `records` is the SRV RRset as the server holds it.
    case ours([DNSRecord])
    /// Another host holds the name.
    case taken(by: DNSName)

    init(srv records: [DNSRecord], host: DNSName) {
        let targets = records.compactMap { DNSRecordData.readSRV($0.data)?.target }
        if targets.isEmpty {
            self = .free
        } else if let other = targets.first(where: { !$0.matches(host) }) {
            self = .taken(by: other)
        } else {
            self = .ours(records)
        }
    }

    /// `free`: the name is not in use (class NONE, type ANY); `ours`: the SRV RRset is exactly
    /// what it was (value-dependent, TTL 0).
    func prerequisites(at name: DNSName) -> [DNSRecord] {
        switch self {
        case .free: [DNSRecord(name, .any, recordClass: DNSClass.none)]
        case .ours(let records): records.map { DNSRecord(name, .srv, ttl: 0, data: $0.data) }
        case .taken: []
        }
    }
}
