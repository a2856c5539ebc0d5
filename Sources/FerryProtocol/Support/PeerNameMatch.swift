/// A device a name on the command line may mean: a Ferry peer found over mDNS, or a LocalSend
/// device, as the name resolution sees it.
public struct PeerCandidate: Sendable, Equatable {
    /// The name it announces (its own choice, so anyone's).
    public var name: String
    /// Lowercase hex SHA-256 of its certificate (declared or seen).
    public var fingerprint: String
    /// Its host name or address, and its port.
    public var host: String
    public var port: Int
    /// Every address it was seen at.
    public var addresses: [String]

    public init(name: String, fingerprint: String, host: String, port: Int, addresses: [String] = []) {
        self.name = name
        self.fingerprint = fingerprint.lowercased()
        self.host = host
        self.port = port
        self.addresses = addresses.isEmpty ? [host] : addresses
    }

    /// `HOST:PORT`, with brackets around an IPv6 address.
    public var endpoint: String {
        let address = addresses.first ?? host
        return address.contains(":") ? "[\(address)]:\(port)" : "\(address):\(port)"
    }
}

/// What `--to NAME` means among the devices seen. A whole fingerprint names its device outright
/// (a send pins it, so no one else can answer); anything else is looked up by every ``Rule`` at
/// once, and more than one device found is ambiguous, never a guess. Names are chosen by their
/// devices: a second device announcing the same name (in any case, or with invisible characters),
/// an address as its name, or a fingerprint that starts like the name typed, may be an impostor,
/// so an exact-case match does not win over it.
public enum PeerNameMatch: Sendable, Equatable {
    case none
    case one(PeerCandidate)
    /// The devices found (one per fingerprint), in the order given.
    case ambiguous([PeerCandidate])

    /// The ways a name can mean a device.
    public enum Rule: Sendable, Equatable, CaseIterable {
        /// The name is 8 or more of the first hex digits of its fingerprint.
        case fingerprint
        /// The name is its address, or `HOST:PORT`.
        case address
        /// The name is its announced name, compared by ``PeerNameMatch/folded(_:)``.
        case name
    }

    /// Shortest fingerprint prefix taken as a fingerprint.
    public static let shortestPrefix = 8

    /// The devices `name` means among `candidates`. Candidates with the same fingerprint are one
    /// device (a Ferry peer that speaks LocalSend too); the first of them is kept.
    public static func match(_ name: String, among candidates: [PeerCandidate]) -> PeerNameMatch {
        let whole = unique(candidates.filter { !name.isEmpty && $0.fingerprint == name.lowercased() })
        if whole.count == 1 { return .one(whole[0]) }
        let found = unique(candidates.filter { candidate in Rule.allCases.contains { matches(candidate, name, $0) } })
        switch found.count {
        case 0: return .none
        case 1: return .one(found[0])
        default: return .ambiguous(found)
        }
    }

    /// A name as compared: printable (``PeerText/printable(_:)``), without surrounding spaces,
    /// lowercased. Look-alike letters of other scripts are not folded.
    public static func folded(_ name: String) -> String {
        let printable = PeerText.printable(name).lowercased()
        let scalars = printable.unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " }), let last = scalars.lastIndex(where: { $0 != " " }) else { return "" }
        return String(scalars[first...last])
    }

    static func matches(_ candidate: PeerCandidate, _ name: String, _ rule: Rule) -> Bool {
        switch rule {
        case .fingerprint:
            let lowered = name.lowercased()
            return lowered.count >= shortestPrefix && lowered.allSatisfy(\.isHexDigit) && candidate.fingerprint.hasPrefix(lowered)
        case .address:
            let all = Set(candidate.addresses + [candidate.host])
            let bare = name.hasPrefix("[") ? String(name.dropFirst().prefix { $0 != "]" }) : name
            return all.contains(bare) || all.contains { "\($0):\(candidate.port)" == name || "[\($0)]:\(candidate.port)" == name }
        case .name:
            return !name.isEmpty && folded(candidate.name) == folded(name)
        }
    }

    static func unique(_ candidates: [PeerCandidate]) -> [PeerCandidate] {
        var seen = Set<String>()
        return candidates.filter { seen.insert($0.fingerprint).inserted }
    }
}

extension PeerNameMatch {
    /// One line for an ambiguous match, listing every candidate with its fingerprint and address,
    /// and how to name one: `2 devices are called alice-phone: Alice-Phone (ab12cd34ef567890…,
    /// 192.168.1.5:53317), alice-phone (cd34…, 192.168.1.9:9); send with --to FINGERPRINT (8 or
    /// more of its first hex digits)`. Nil when the match is not ambiguous.
    public func ambiguity(for name: String) -> String? {
        guard case .ambiguous(let candidates) = self else { return nil }
        let shown = PeerText.printable(name)
        let named = candidates.allSatisfy { Self.matches($0, name, .name) }
        let list = candidates.map { "\(PeerText.printable($0.name)) (\($0.fingerprint.prefix(16))…, \(PeerText.printable($0.endpoint)))" }
        return "\(candidates.count) devices \(named ? "are called" : "match") \(shown): \(list.joined(separator: ", "))"
            + "; send with --to FINGERPRINT (\(Self.shortestPrefix) or more of its first hex digits)"
    }
}
