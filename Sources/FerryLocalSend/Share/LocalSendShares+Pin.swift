extension LocalSendShares {
    /// Judges a prepare-download's PIN (none asked: nothing to judge). A wrong PIN that runs the
    /// shared budget out gives the share a new random PIN, told to its owner: the guesses made
    /// so far are worth nothing, and the owner hands the real downloader the new one, who waits
    /// at most the refill (a minute) for a try.
    ///
    /// - Throws: 401 for a missing or wrong PIN, 429 with the seconds to wait.
    func checkPin(_ given: String?, address: String, now: Double) async throws(LocalSendError) {
        guard var share, let pin = share.pin else { return }
        let verdict = share.pins.judge(given, pin: pin, address: address, now: now)
        var told: Event?
        if case .wrong(let alarm?) = verdict {
            let new = LocalSendPin.random(digits: pin.count)
            share.pin = new
            told = Event(kind: .pin, message: "PIN guessing on this share: \(alarm.summary) used up the budget; the PIN is now "
                         + "\(new) (the old one no longer works): give it to whoever should download")
        }
        self.share = share
        if let told { await share.events(told) }
        switch verdict {
        case .right: return
        case .missing: throw LocalSendError(401, "this share needs a PIN; ask its owner")
        case .wrong: throw LocalSendError(401, "wrong PIN; ask the share's owner for it")
        case .refused(let seconds):
            // Not the asker's address: the budget is shared, and the asker may be the real downloader.
            throw LocalSendError(429, "too many wrong PINs were tried on this share; try again in \(seconds) s", retryAfter: seconds)
        }
    }
}
