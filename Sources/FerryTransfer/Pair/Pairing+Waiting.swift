import FoundationEssentials

extension Pairing {
    /// Parks until the table changes, request `id`'s own deadline or `deadline` passes, or the
    /// caller's task is cancelled: a continuation resumed by the change, not a poll.
    ///
    /// Every continuation is resumed exactly once: `wake` removes it before resuming, so the
    /// change and the timer can both fire without harm.
    func waitForChange(of id: String, until deadline: Date) async {
        guard !Task.isCancelled else { return }
        // A pending request declines itself at its deadline without any call changing the table.
        let expiry = table.request(id, now: Date())?.until ?? deadline
        let seconds = max(0, min(deadline, expiry).timeIntervalSinceNow)
        let token = nextWaiter
        nextWaiter += 1
        await withDiscardingTaskGroup { group in
            // A child task is cancelled with the caller's, so its sleep then ends at once. It can
            // only reach `wake` after the continuation below is stored: both run on this actor,
            // and nothing suspends in between.
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                await self.wake(token)
            }
            await withCheckedContinuation { waiters[token] = $0 }
            group.cancelAll()
        }
    }

    /// The table changed: every parked caller reads it again.
    func tableChanged() {
        for token in Array(waiters.keys) { wake(token) }
    }

    /// How many callers are parked (for tests: none is left behind).
    var parkedWaiters: Int { waiters.count }

    private func wake(_ token: Int) {
        waiters.removeValue(forKey: token)?.resume()
    }
}
