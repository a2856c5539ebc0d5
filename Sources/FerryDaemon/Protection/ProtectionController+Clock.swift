extension ProtectionController {
    /// Parks until ``nextTick`` comes due, the lock changes, or the caller's task is cancelled.
    /// An idle ferryd then sleeps instead of ticking ten times a second.
    func waitForTick() async {
        guard !Task.isCancelled else { return }
        // Nothing due: an hour is only a backstop; any change of the lock wakes the clock at once.
        let delay = nextTick ?? .seconds(3600)
        await withDiscardingTaskGroup { group in
            // The child can reach `wakeClock` only after the continuation is stored: both run on
            // this actor, and nothing suspends in between. Cancelling the caller ends its sleep.
            group.addTask {
                try? await Task.sleep(for: delay)
                await self.wakeClock()
            }
            await withCheckedContinuation { waiter = $0 }
            group.cancelAll()
        }
    }

    /// Resumes the parked clock, if any (at most once: it is taken before it is resumed).
    func wakeClock() {
        let parked = waiter
        waiter = nil
        parked?.resume()
    }
}
