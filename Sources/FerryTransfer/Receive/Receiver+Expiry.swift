import FoundationEssentials

extension Receiver.Record {
    /// Whether the offer holds one of its peer's slots: pending or accepted.
    var isOpen: Bool {
        switch status {
        case .pending, .accepted: true
        case .declined, .cancelled: false
        }
    }

    /// Whether the offer waits for the user.
    var isPending: Bool {
        if case .pending = status { return true }
        return false
    }
}

extension Receiver {
    /// Refuses a new offer when every peer together holds ``TransferLimits/openOffers`` offers, or
    /// (for one that would ask the user) ``TransferLimits/pendingOffers`` wait already, or
    /// ``TransferLimits/pendingPerAddress`` from the offer's address. Busy answers are 503 (or
    /// 429 for the address) with a Retry-After: the sender may try again, nothing is wrong with
    /// the offer itself.
    func checkTotals(asking: Bool, address: String?) throws(TransferError) {
        let open = records.values.filter(\.isOpen)
        guard open.count < limits.openOffers else {
            throw TransferError(.busy, "this device has \(open.count) offers open from all its peers; try again in a few minutes", retryAfter: 60)
        }
        guard asking else { return }
        let waiting = open.filter(\.isPending)
        let retry = Int(limits.pendingSeconds)
        if let address, waiting.filter({ $0.address == address }).count >= limits.pendingPerAddress {
            throw TransferError(.tooMany, "\(limits.pendingPerAddress) offers from \(address) already wait for this device's user; try again once they are answered",
                                retryAfter: retry)
        }
        guard waiting.count < limits.pendingOffers else {
            throw TransferError(.busy, "\(waiting.count) offers already wait for this device's user; try again once they are answered", retryAfter: retry)
        }
    }
}

extension Receiver {
    /// The sender cancels its offer (`DELETE /ferry/v1/offers/{offer}`): the slot is freed and the
    /// files received so far are kept for a resume. An upload still running ends first.
    ///
    /// - Throws: ``TransferError`` when the peer has no such offer.
    public func cancel(offer id: String, peer: String) throws(TransferError) {
        _ = try record(id, peer: peer)
        records[id]?.status = .cancelled
        decisionMade(id)
        releaseIfIdle(id)
    }

    /// Declines pending offers past their deadline, drops declined ones nobody read in time, and
    /// abandons accepted ones idle for ``OfferTiming/idleSeconds`` with no upload running.
    func expire() {
        let now = self.now
        for (id, record) in records {
            switch record.status {
            case .pending(let until) where until <= now:
                records[id]?.status = .declined(Self.expired(after: limits.pendingSeconds), until: now + timing.declinedSeconds)
                decisionMade(id)
            case .declined(_, let until) where until <= now:
                records[id] = nil
            case .accepted where record.uploading.isEmpty && now.timeIntervalSince(record.touched) >= timing.idleSeconds:
                release(id)
            default:
                break
            }
        }
    }

    /// A new offer from a peer sends files an idle offer of the same peer also holds (same partial
    /// names: same sender, content, path and id): the sender started over, so the old offer is
    /// released and its received files become the new offer's resume.
    func supersede(by record: Record) {
        let names = Set(record.names)
        guard !names.isEmpty else { return }
        for (id, old) in records where old.peer == record.peer && old.status == .accepted && old.uploading.isEmpty {
            if old.names.contains(where: names.contains) { release(id) }
        }
    }

    /// Releases a cancelled offer once its uploads have ended.
    func releaseIfIdle(_ id: String) {
        guard let record = records[id], record.status == .cancelled, record.uploading.isEmpty else { return }
        release(id)
    }

    /// Forgets offer `id`, keeping its checked files of batch uploads under their partial names so
    /// that a later offer of them resumes; the rest of its tree is deleted.
    func release(_ id: String) {
        guard let record = records.removeValue(forKey: id) else { return }
        guard record.tree != nil else { return }
        returnTreeFiles(record, placed: Array(repeating: nil, count: record.offer.files.count))
        staging.removeOfferTree(id)
    }

    /// What the sender hears of an offer nobody answered: it expired, and after how long.
    static func expired(after seconds: Double) -> String {
        "\(expiredPrefix) nobody answered it within \(Int(seconds)) s (`ferry inbox pending` there lists an offer while it waits)"
    }

    /// The start of that answer, which the sender tells from a decline.
    public static let expiredPrefix = "the offer expired:"
}
