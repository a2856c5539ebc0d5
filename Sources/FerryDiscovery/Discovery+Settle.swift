import FoundationEssentials

extension Discovery {
    /// Parks until Avahi has given its first answers, `timeout` seconds pass or the caller's task
    /// is cancelled: a continuation resumed by the event, not a poll. `settled` only goes from
    /// false to true, so one wake is enough.
    ///
    /// Every continuation is resumed exactly once: it is removed before it is resumed, so the
    /// event and the timer can both fire without harm.
    func waitUntilSettled(timeout: Double) async {
        guard !Task.isCancelled else { return }
        let seconds = max(0, timeout)
        let token = nextSettleWaiter
        nextSettleWaiter += 1
        await withDiscardingTaskGroup { group in
            // Cancelled with the caller's task, so its sleep then ends at once. It reaches
            // `wakeSettleWaiter` only after the continuation is stored: both run on this actor.
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                await self.wakeSettleWaiter(token)
            }
            await withCheckedContinuation { settleWaiters[token] = $0 }
            group.cancelAll()
        }
    }

    /// Avahi has answered (or is known to be absent): every parked `snapshot` reads the table.
    func wakeSettleWaiters() {
        for token in Array(settleWaiters.keys) { wakeSettleWaiter(token) }
    }

    private func wakeSettleWaiter(_ token: Int) {
        settleWaiters.removeValue(forKey: token)?.resume()
    }
}
