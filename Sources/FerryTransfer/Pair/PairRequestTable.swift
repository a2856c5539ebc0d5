import FoundationEssentials

/// The pair requests a device holds, as a pure state machine: each request waits for both users
/// (the asking one confirms the code, the receiving one accepts), then is paired, declined or
/// expired. Finished requests linger briefly so the other side can still read how they ended.
public struct PairRequestTable: Sendable {
    /// How a request stands.
    public enum Status: Sendable, Equatable {
        case pending
        case paired
        case declined(String)
    }

    /// Which user decided.
    public enum Side: Sendable {
        /// The device that asked (`ferry pair PEER`).
        case sender
        /// This device (`ferry pair --accept`).
        case receiver
    }

    /// One request from a device with certificate fingerprint `peer`.
    public struct Request: Sendable, Equatable {
        /// The request's id, random hex, as `ferry pair --accept` takes it.
        public var id: String
        /// The asking device's certificate fingerprint, as seen in the handshake.
        public var peer: String
        /// The IP address the request came from, if known.
        public var address: String?
        /// The asking device's name, as it gave it (cleaned).
        public var name: String
        /// The code this device computed from its own certificate and the peer's.
        public var code: String
        /// How it stands.
        public var status: Status = .pending
        var senderAccepted = false
        var receiverAccepted = false
        /// The deadline while pending; when to forget it once finished.
        var until: Date
    }

    /// How long a request waits for both users.
    public var lifetime: TimeInterval = 120
    /// At most this many requests wait at once (each certificate, and each IP address, has at
    /// most one).
    public var maximumPending = 4
    /// How long a finished request is kept for the other side to read.
    public var linger: TimeInterval = 30
    private(set) var requests: [String: Request] = [:]

    /// An empty table with the default limits.
    public init() {}

    /// Takes a new request; one already waiting from the same certificate or the same IP address
    /// is replaced. Certificates cost nothing to make, so one per certificate alone let a single
    /// host fill every slot with throwaway ones and shut everyone else out of pairing.
    ///
    /// - Parameter address: The IP address the request came from (nil: unknown, not limited).
    /// - Throws: ``TransferError/Code/tooLarge`` when ``maximumPending`` requests already wait.
    public mutating func add(id: String, peer: String, address: String? = nil, name: String, code: String,
                             now: Date) throws(TransferError) -> Request {
        expire(now: now)
        for old in requests.values where old.status == .pending && (old.peer == peer || (address != nil && old.address == address)) {
            let who = old.peer == peer ? "device" : "address"
            finish(old.id, .declined("a newer pair request from the same \(who) replaced this one"), now: now)
        }
        let waiting = requests.values.filter { $0.status == .pending }.count
        guard waiting < maximumPending else {
            throw TransferError(.tooLarge, "\(waiting) pair requests already wait on this device; try again when they are answered or expire (\(seconds) s)")
        }
        let request = Request(id: id, peer: peer, address: address, name: name, code: code, until: now + lifetime)
        requests[id] = request
        return request
    }

    /// One user's decision. Returns the request once both have accepted (the caller trusts the
    /// peer then), else nil. A request that already ended is left as it is.
    ///
    /// - Parameter reason: Why a decline happened, for the other side (default: that user declined).
    /// - Throws: ``TransferError/Code/notFound`` for an unknown id, or one from another `peer`.
    public mutating func decide(_ id: String, by side: Side, accept: Bool, reason: String? = nil, peer: String? = nil,
                                now: Date) throws(TransferError) -> Request? {
        expire(now: now)
        guard var request = requests[id], peer == nil || request.peer == peer else {
            throw TransferError(.notFound, "no pair request \(id.debugDescription) is known here; it was answered long ago, expired or never made")
        }
        guard request.status == .pending else { return nil }
        guard accept else {
            let who = side == .receiver ? "the receiving user declined" : "the asking user declined (the codes differed, or they cancelled)"
            finish(id, .declined(reason ?? who), now: now)
            return nil
        }
        if side == .sender { request.senderAccepted = true } else { request.receiverAccepted = true }
        requests[id] = request
        guard request.senderAccepted && request.receiverAccepted else { return nil }
        finish(id, .paired, now: now)
        return requests[id]
    }

    /// The request with this id, after expiring what is due.
    public mutating func request(_ id: String, now: Date) -> Request? {
        expire(now: now)
        return requests[id]
    }

    /// The requests waiting, oldest deadline first.
    public mutating func pending(now: Date) -> [Request] {
        expire(now: now)
        return requests.values.filter { $0.status == .pending }.sorted { ($0.until, $0.id) < ($1.until, $1.id) }
    }

    /// Declines requests past their deadline and forgets finished ones past their linger.
    public mutating func expire(now: Date) {
        for request in requests.values where request.until <= now {
            if request.status == .pending {
                finish(request.id, .declined("nobody confirmed within \(seconds) s"), now: now)
            } else {
                requests[request.id] = nil
            }
        }
    }

    /// The lifetime as people read it: `120`, `0.5`.
    var seconds: String {
        lifetime == lifetime.rounded() ? String(Int(lifetime)) : String(lifetime)
    }

    private mutating func finish(_ id: String, _ status: Status, now: Date) {
        requests[id]?.status = status
        requests[id]?.until = now + linger
    }
}
