import FoundationEssentials

/// The receiving side of transfers, independent of HTTP: offers, decisions, staged uploads and
/// delivery into Inboxes. The server calls it once per request; ferryd's commands call it for the
/// pending offers.
public actor Receiver {
    struct Record {
        /// `declined` holds the reason and when the record is dropped unless the sender reads it
        /// first; `cancelled` waits for its uploads in flight to end before it is released.
        enum Status: Equatable { case pending(Date), accepted, declined(String, until: Date), cancelled }
        var offer: TransferOffer
        var peer: String
        /// The sender's address as counted for limits (IPv6 by /64), when known.
        var address: String?
        var status: Status
        /// The last request about the offer: an accepted offer idle too long is abandoned.
        var touched: Date
        /// File id to the SHA-256 it was checked against.
        var received: [String: String] = [:]
        var uploading: Set<String> = []
        /// File ids to their place in the offer: each upload finds its file without a scan.
        let positions: [String: Int]
        /// Each file's partial name in the staging area (``StagingArea/partialName(_:sender:)``),
        /// in the offer's order: worked out once, not at the answer, the upload and the finish.
        let names: [String]
        /// The files of batch uploads, staged under their final names (made at the first batch).
        var tree: OfferTree?

        init(offer: TransferOffer, peer: String, status: Status, staging: StagingArea, now: Date) {
            self.offer = offer
            self.peer = peer
            self.status = status
            touched = now
            positions = Dictionary(offer.files.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            names = offer.files.map { staging.partialName($0, sender: peer) }
        }
    }

    let host: any ReceiverHost
    let staging: StagingArea
    let limits: TransferLimits
    let timing: OfferTiming
    var records: [String: Record] = [:]
    /// Senders waiting for the user's decision, by a number of their own.
    var decisionWaiters: [Int: DecisionWaiter] = [:]
    var nextDecisionWaiter = 0
    /// The receipts of finished offers, for a sender that asks again.
    let finished: FinishedReceipts
    /// When ``finished`` was last pruned.
    var finishedPruned: Date?

    /// - Parameter timing: How long offers are kept, and the clock (tests pass their own).
    public init(host: any ReceiverHost, staging: StagingArea, limits: TransferLimits, timing: OfferTiming = OfferTiming()) {
        self.host = host
        self.staging = staging
        self.limits = limits
        self.timing = timing
        finished = FinishedReceipts(staging: staging.directory)
    }

    /// The time now, from ``OfferTiming/clock``.
    var now: Date { timing.clock() }

    /// Judges an offer from the peer with certificate fingerprint `peer`.
    ///
    /// - Parameter address: Where the offer came from: offers waiting for the user are capped per
    ///   address too, since a stranger mints fingerprints for free.
    /// - Throws: ``TransferError`` for a refusal: mode, trust, limits or free space.
    public func offer(_ offer: TransferOffer, from peer: String, address: String? = nil) async throws(TransferError) -> OfferAnswer {
        let trusted = await host.trustedPeer(fingerprint: peer)
        let mode = await host.receivingMode()
        let verdict = OfferPolicy.verdict(offer, trusted: trusted, mode: mode, now: now, limits: limits,
                                          freeBytes: staging.freeBytes())
        if case .refuse(let error) = verdict { throw error }
        let id = Self.newIdentifier()
        var record = Record(offer: offer, peer: peer, status: .accepted, staging: staging, now: now)
        record.address = address.map(RateLimit.sourceKey)
        // After the awaits above: the table may have changed meanwhile.
        expire()
        supersede(by: record)
        let open = records.values.filter { $0.peer == peer && $0.isOpen }.count
        guard open < limits.offersPerPeer else {
            throw TransferError(.tooMany, "this peer already has \(open) offers open here; finish or cancel one first (DELETE /ferry/v1/offers/ID), or wait \(Int(timing.idleSeconds)) s for them to expire",
                                retryAfter: Int(timing.idleSeconds))
        }
        try checkTotals(asking: verdict == .ask, address: record.address)
        if verdict == .ask { record.status = .pending(now + limits.pendingSeconds) }
        records[id] = record
        if verdict == .ask { await host.offerWaiting(pendingOffer(id, record)) }
        return answer(id, record)
    }

    /// The current answer to an offer, waiting up to `wait` seconds while it is pending.
    public func answer(_ id: String, peer: String, wait: Double) async throws(TransferError) -> OfferAnswer {
        let deadline = Date() + min(max(wait, 0), 60)
        while true {
            expire()
            let record = try self.record(id, peer: peer)
            records[id]?.touched = now
            guard case .pending = record.status, Date() < deadline, !Task.isCancelled else {
                if case .declined = record.status { records[id] = nil }
                return answer(id, record)
            }
            await waitForDecision(id, until: deadline)
        }
    }

    /// The user accepts a pending offer. Returns false when there is no such pending offer.
    public func accept(_ id: String) -> Bool {
        expire()
        guard case .pending = records[id]?.status else { return false }
        records[id]?.status = .accepted
        decisionMade(id)
        return true
    }

    /// The user declines a pending offer. Returns false when there is no such pending offer.
    public func decline(_ id: String) -> Bool {
        expire()
        guard case .pending = records[id]?.status else { return false }
        records[id]?.status = .declined("the receiver declined the offer", until: now + timing.declinedSeconds)
        decisionMade(id)
        return true
    }

    /// The offers waiting for the user, oldest first.
    public func pending() -> [PendingOffer] {
        expire()
        return records.compactMap { id, record in
            guard case .pending = record.status else { return nil }
            return pendingOffer(id, record)
        }.sorted { $0.id < $1.id }
    }

    func record(_ id: String, peer: String) throws(TransferError) -> Record {
        guard let record = records[id], record.peer == peer else {
            throw TransferError(.notFound, "no offer \(id.debugDescription) from this peer; it was finished, declined or expired")
        }
        return record
    }

    func answer(_ id: String, _ record: Record) -> OfferAnswer {
        switch record.status {
        case .pending:
            return OfferAnswer(status: "pending", offer: id)
        case .declined(let why, _):
            return OfferAnswer(status: "declined", offer: id, message: why)
        case .cancelled:
            return OfferAnswer(status: "declined", offer: id, message: "the sender cancelled the offer")
        case .accepted:
            let offsets = staging.offsets(record.offer.files, names: record.names)
            let files = record.offer.files.indices.map {
                FileDecision(id: record.offer.files[$0].id, accept: true, offset: offsets[$0])
            }
            return OfferAnswer(status: "accepted", offer: id, files: files)
        }
    }

    func pendingOffer(_ id: String, _ record: Record) -> PendingOffer {
        PendingOffer(id: id, sender: record.offer.sender, senderFingerprint: record.peer,
                     files: record.offer.files.count, bytes: Self.saturatingTotal(record.offer.files), url: record.offer.url)
    }

    /// The sum of the files' sizes, or `UInt64.max` past it: the sizes are the peer's numbers.
    static func saturatingTotal(_ files: [OfferedFile]) -> UInt64 {
        var total: UInt64 = 0
        for file in files {
            let (sum, overflow) = total.addingReportingOverflow(file.size)
            if overflow { return .max }
            total = sum
        }
        return total
    }

    static func newIdentifier() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) }.hexString
    }
}
