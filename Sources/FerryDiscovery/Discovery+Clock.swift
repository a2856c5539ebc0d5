extension Discovery {
    /// Parks until the next check, resolve or reconnect is due, a change may have made one due, or
    /// the caller's task is cancelled; never less than `minimum`, so a burst of events costs at
    /// most one tick per `minimum`, as the old fixed ticker did.
    /// An idle ferryd with no peers to check then sleeps instead of waking four times a second.
    func waitForTick(minimum: Duration) async {
        guard !Task.isCancelled else { return }
        // Nothing due: an hour is only a backstop; every event and result wakes the clock.
        let delay = max(minimum, nextTick ?? .seconds(3600))
        let parked = ContinuousClock.now
        await withDiscardingTaskGroup { group in
            // The child reaches `wakeClock` only after the continuation is stored: both run on this
            // actor, and nothing suspends in between. Cancelling the caller ends its sleep.
            group.addTask {
                try? await Task.sleep(for: delay)
                await self.wakeClock()
            }
            await withCheckedContinuation { clockWaiter = $0 }
            group.cancelAll()
        }
        let early = minimum - (ContinuousClock.now - parked)
        if early > .zero { try? await Task.sleep(for: early) }
    }

    /// Resumes the parked clock, if any (at most once: it is taken before it is resumed).
    func wakeClock() {
        let parked = clockWaiter
        clockWaiter = nil
        parked?.resume()
    }
}
