/// The connections open now, in total and per IP address, as a pure value: the listener asks it
/// whether to take each accepted connection and tells it when one closes.
struct ConnectionCounts: Sendable, Equatable {
    let limits: ConnectionLimits
    private(set) var total = 0
    private(set) var byAddress: [String: Int] = [:]

    init(limits: ConnectionLimits) { self.limits = limits }

    /// Counts a new connection from `address`, or returns false (and counts nothing) when it
    /// would pass a limit.
    mutating func admit(_ address: String) -> Bool {
        let open = byAddress[address, default: 0]
        guard total < limits.maximumConnections, open < limits.maximumPerAddress else { return false }
        total += 1
        byAddress[address] = open + 1
        return true
    }

    /// A counted connection from `address` closed. Returns true when none is open any more.
    mutating func release(_ address: String) -> Bool {
        guard let open = byAddress[address] else { return total == 0 }
        byAddress[address] = open > 1 ? open - 1 : nil
        total -= 1
        return total == 0
    }
}
