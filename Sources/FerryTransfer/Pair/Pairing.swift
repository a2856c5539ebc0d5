import FoundationEssentials

/// This device's side of pairing (docs/transfer.md, "Pairing"): requests that other devices make
/// over HTTPS, and this user's answers to them. Once both users have confirmed, the asking device
/// is trusted here with offers accepted automatically.
public actor Pairing {
    let ownFingerprint: String
    let deviceName: String
    let trust: TrustStore
    let mode: @Sendable () async -> ReceivingMode
    var table = PairRequestTable()
    /// Told of each new request (ferryd's desktop notification).
    var observer: (@Sendable (PairRequestTable.Request) async -> Void)?
    /// Callers of `status` and `outcome` parked until the table changes (Pairing+Waiting.swift).
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    var nextWaiter = 0

    /// - Parameters:
    ///   - ownFingerprint: This device's certificate fingerprint, for the codes.
    ///   - deviceName: The name the asking device gets to show and trust.
    ///   - lifetime: How long a request waits for both users, in seconds.
    ///   - mode: The receiving mode now; Off refuses pair requests.
    public init(ownFingerprint: String, deviceName: String, trust: TrustStore, lifetime: TimeInterval = 120,
                mode: @escaping @Sendable () async -> ReceivingMode) {
        table.lifetime = lifetime
        self.ownFingerprint = ownFingerprint
        self.deviceName = deviceName
        self.trust = trust
        self.mode = mode
    }

    /// A device asks to pair; `peer` is the fingerprint of the certificate it presented, `address`
    /// the IP address it connected from.
    ///
    /// - Throws: ``TransferError``: receiving is off, or too many requests wait.
    func request(_ hello: PairHello, from peer: String, address: String? = nil) async throws(TransferError) -> PairAnswer {
        guard await mode().effective(at: Date()) != .off else {
            throw TransferError(.receivingOff, "receiving is off on this device, and so is pairing; ask its owner to run `ferry receiving contacts`")
        }
        guard let code = PairingCode.code(ownFingerprint, peer) else {
            throw TransferError(.badRequest, "the client certificate has no usable fingerprint")
        }
        let name = Self.cleanName(hello.name) ?? DeviceIdentity.deviceId(fingerprint: peer)
        defer { tableChanged() }
        let request = try table.add(id: Receiver.newIdentifier(), peer: peer, address: address, name: name, code: code, now: Date())
        if let observer { Task { await observer(request) } }
        return answer(request)
    }

    /// The asking user compared the codes.
    func confirm(_ id: String, accept: Bool, peer: String) throws(TransferError) -> PairAnswer {
        defer { tableChanged() }
        try record(try table.decide(id, by: .sender, accept: accept, peer: peer, now: Date()))
        return try current(id, peer: peer)
    }

    /// How the request stands, waiting up to `wait` seconds (at most 60) while it is pending; a
    /// cancelled caller gets how it stands at once.
    func status(_ id: String, peer: String, wait: Double = 0) async throws(TransferError) -> PairAnswer {
        let deadline = Date() + min(max(wait, 0), 60)
        while true {
            let answer = try current(id, peer: peer)
            guard answer.status == "pending", Date() < deadline, !Task.isCancelled else { return answer }
            await waitForChange(of: id, until: deadline)
        }
    }

    /// Calls `observer` with every new request from now on.
    public func observe(_ observer: @escaping @Sendable (PairRequestTable.Request) async -> Void) {
        self.observer = observer
    }

    /// The requests waiting for this user, oldest first.
    public func pending() -> [PairRequestTable.Request] {
        table.pending(now: Date())
    }

    /// This user accepts or declines a request. A `code` that is not the request's declines it.
    ///
    /// - Throws: ``TransferError/Code/notFound`` when no such request waits,
    ///   ``TransferError/Code/declined`` for a wrong code.
    public func decide(_ id: String, accept: Bool, code: String? = nil) throws(TransferError) -> PairRequestTable.Request {
        defer { tableChanged() }
        guard let request = table.request(id, now: Date()) else {
            throw TransferError(.notFound, "no pair request \(id.debugDescription) is waiting; `ferry pair --incoming` lists them")
        }
        if case .declined(let why) = request.status {
            // Answered already (a wrong code ends a request): nothing waits under this id any more.
            throw TransferError(.notFound, "no pair request \(id.debugDescription) is waiting: it ended (\(why)); nothing was trusted, ask again with `ferry pair` on \(request.name)")
        }
        if accept, let code, PairingCode.normalized(code) != request.code {
            _ = try table.decide(id, by: .receiver, accept: false, reason: Self.wrongCode, now: Date())
            throw TransferError(.declined, "the code \(code) is not \(PairingCode.display(request.code)), the code for \(request.name): declined, nothing was trusted")
        }
        try record(try table.decide(id, by: .receiver, accept: accept, now: Date()))
        return table.request(id, now: Date()) ?? request
    }

    /// What the asking side hears when the code typed on the receiving side was not the request's.
    static let wrongCode = "the code typed there did not match (a typo, or not this request); ask again with `ferry pair`"

    /// The request once it is no longer pending, or as it is after `wait` seconds or when the
    /// caller's task is cancelled.
    public func outcome(_ id: String, wait: Double) async -> PairRequestTable.Request? {
        let deadline = Date() + wait
        while let request = table.request(id, now: Date()) {
            guard request.status == .pending, Date() < deadline, !Task.isCancelled else { return request }
            await waitForChange(of: id, until: deadline)
        }
        return nil
    }

    func current(_ id: String, peer: String) throws(TransferError) -> PairAnswer {
        guard let request = table.request(id, now: Date()), request.peer == peer else {
            throw TransferError(.notFound, "no pair request \(id.debugDescription) from this device; it ended or expired")
        }
        return answer(request)
    }

    /// Both users confirmed: trust the asking device.
    func record(_ paired: PairRequestTable.Request?) throws(TransferError) {
        guard let paired else { return }
        try trust.trust(TrustedPeer(fingerprint: paired.peer, name: paired.name, autoAccept: true))
    }

    func answer(_ request: PairRequestTable.Request) -> PairAnswer {
        switch request.status {
        case .pending: PairAnswer(pair: request.id, status: "pending", name: deviceName)
        case .paired: PairAnswer(pair: request.id, status: "paired", name: deviceName)
        case .declined(let why): PairAnswer(pair: request.id, status: "declined", name: deviceName, message: why)
        }
    }

    /// A peer's name fit for a trust entry and a table: no control characters (tabs and newlines
    /// separate fields), trimmed, at most 63 bytes; nil when nothing is left.
    public static func cleanName(_ name: String) -> String? {
        var result = ""
        for character in name.trimmingWhitespace where !character.unicodeScalars.contains(where: {
            $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
        }) {
            guard result.utf8.count + character.utf8.count <= 63 else { break }
            result.append(character)
        }
        return result.isEmpty ? nil : result
    }
}
