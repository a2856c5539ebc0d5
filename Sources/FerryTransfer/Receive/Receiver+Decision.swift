import FoundationEssentials

extension Receiver {
    /// A sender's long poll for the user's decision, parked until it is made.
    struct DecisionWaiter {
        let offer: String
        let continuation: CheckedContinuation<Void, Never>
    }

    /// Parks until the user decides on offer `id`, the sender cancels it, its pending deadline
    /// passes or `deadline` does: a continuation woken by the decision, not a poll.
    func waitForDecision(_ id: String, until deadline: Date) async {
        var seconds = deadline.timeIntervalSinceNow
        if case .pending(let until) = records[id]?.status { seconds = min(seconds, until.timeIntervalSince(now)) }
        let wake = max(0, seconds)
        let token = nextDecisionWaiter
        nextDecisionWaiter += 1
        await withDiscardingTaskGroup { group in
            // Cancelled with the caller's task too: the sleep then ends at once.
            group.addTask {
                try? await Task.sleep(for: .seconds(wake))
                await self.wakeDecisionWaiter(token)
            }
            await withCheckedContinuation { decisionWaiters[token] = DecisionWaiter(offer: id, continuation: $0) }
            group.cancelAll()
        }
    }

    /// The offer's status changed: its waiting senders read it now.
    func decisionMade(_ id: String) {
        for (token, waiter) in decisionWaiters where waiter.offer == id { wakeDecisionWaiter(token) }
        let host = self.host
        Task { await host.offerDecided(id) }
    }

    private func wakeDecisionWaiter(_ token: Int) {
        decisionWaiters.removeValue(forKey: token)?.continuation.resume()
    }
}
