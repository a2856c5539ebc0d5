import FerryTransfer

/// Whether and how to answer LocalSend announcements (§3.1), as a pure state machine with the
/// time passed in. An answer is a `register` at the address the datagram came from and the port
/// it names, an outgoing HTTPS connection; since a datagram's source and port are anyone's to
/// forge, answers are deduplicated, rate-limited per source and for everyone, and at most
/// ``Policy/maximumInFlight`` registers run at once (the others are answered by one multicast
/// message, itself sent at most once per ``Policy/multicastSpacing``). So a flood of
/// announcements costs a few connections, and ferryd cannot be made to scan or hammer a host.
public struct AnnounceAnswers: Sendable {
    /// The limits, with documented defaults.
    public struct Policy: Sendable, Equatable {
        /// Each source's answers (an IPv6 source counts by its /64): 3 at once, then one per 5 s.
        public var perSource = RateLimit.Rule(burst: 3, perSecond: 0.2)
        /// Everyone's answers together: 16 at once, then 2 per second.
        public var global = RateLimit.Rule(burst: 16, perSecond: 2)
        /// Registers running at once (default 4).
        public var maximumInFlight = 4
        /// Seconds in which a device (fingerprint at an address) or a target (address and port) is
        /// answered once (default 10; Ferry's own announcements follow within 30 s anyway).
        public var window: Double = 10
        /// Seconds between two multicast answers (default 1): one reaches every device.
        public var multicastSpacing: Double = 1
        /// Registers go to this port or above (default 1024); a lower one is answered by multicast,
        /// since no LocalSend app listens on a system port and those are the services worth abusing.
        public var lowestPort = 1024

        public init() {}
    }

    /// What the owner does with one announcement.
    public enum Action: Sendable, Equatable {
        /// `POST /register` at `address:port`; call ``registerFinished(succeeded:now:)`` after.
        case register(address: String, port: Int)
        /// Send this device's info to the group with `announce: false`.
        case multicast
        /// Nothing.
        case ignore(Reason)
    }

    /// Why an announcement is not answered.
    public enum Reason: Sendable, Equatable {
        /// The device or its target was answered within the window.
        case duplicate
        /// Its source, or everyone, has had as many answers as the rate allows.
        case rateLimited
        /// A multicast answer went out less than ``Policy/multicastSpacing`` ago.
        case multicastJustSent
        /// The register went through.
        case registered
    }

    public let policy: Policy
    private var rate: RateLimit
    private var answered: [String: Double] = [:]
    private var lastMulticast = -Double.infinity
    /// Registers started and not finished.
    public private(set) var inFlight = 0
    /// The most registers that were ever in flight at once.
    public private(set) var mostInFlight = 0

    public init(policy: Policy = Policy()) {
        self.policy = policy
        rate = RateLimit(perSource: policy.perSource, global: policy.global)
    }

    /// An announcement from `address` naming `port`, from the device `fingerprint`.
    public mutating func announce(from address: String, port: Int, fingerprint: String, now: Double) -> Action {
        let device = "device \(fingerprint.lowercased()) \(address)"
        let target = "target \(address) \(port)"
        forgetOld(now: now)
        if answered[device] != nil || answered[target] != nil { return .ignore(.duplicate) }
        guard rate.take(RateLimit.sourceKey(address), now: now).isAllowed else { return .ignore(.rateLimited) }
        answered[device] = now
        answered[target] = now
        guard port >= policy.lowestPort, port <= 65535, inFlight < policy.maximumInFlight else { return multicast(now: now) }
        inFlight += 1
        mostInFlight = max(mostInFlight, inFlight)
        return .register(address: address, port: port)
    }

    /// A register started by ``announce(from:port:fingerprint:now:)`` ended; a failed one is
    /// answered by multicast instead.
    public mutating func registerFinished(succeeded: Bool, now: Double) -> Action {
        precondition(inFlight > 0, "a register finished that was never started")
        inFlight -= 1
        return succeeded ? .ignore(.registered) : multicast(now: now)
    }

    /// Devices and targets remembered now (bounded by the rates: at most the global burst plus
    /// the window's worth of refills, twice).
    public var remembered: Int { answered.count }

    private mutating func multicast(now: Double) -> Action {
        guard now - lastMulticast >= policy.multicastSpacing || now < lastMulticast else { return .ignore(.multicastJustSent) }
        lastMulticast = now
        return .multicast
    }

    private mutating func forgetOld(now: Double) {
        guard answered.count > 0 else { return }
        answered = answered.filter { now - $0.value < policy.window && $0.value <= now }
    }
}
