import Synchronization

/// Where ferryd's ``TransferHub`` appears once TransferService has loaded the device identity:
/// requests that come before wait on a continuation, woken when it is filled or known never to be.
final class TransferSlot: Sendable {
    private enum Content { case loading, ready(TransferHub), unavailable }

    private struct State {
        var content = Content.loading
        var nextID = 0
        var waiters: [Int: CheckedContinuation<TransferHub?, Never>] = [:]
    }

    private let state = Mutex(State())
    /// The sends running, for `cancel` frames.
    let sends = RunningSends()

    /// The hub if it is there now.
    var current: TransferHub? {
        state.withLock { if case .ready(let hub) = $0.content { hub } else { nil } }
    }

    /// How many requests wait for the hub.
    var waiting: Int { state.withLock { $0.waiters.count } }

    /// The hub, waiting while it loads.
    /// - Returns: nil when transfers failed to start, or the caller's task was cancelled first.
    func hub() async -> TransferHub? {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<TransferHub?, Never>) in
                let answer: TransferHub?? = state.withLock { state in
                    switch state.content {
                    case .ready(let hub): return .some(hub)
                    case .unavailable: return .some(nil)
                    case .loading where Task.isCancelled: return .some(nil)
                    case .loading:
                        state.waiters[id] = continuation
                        return .none
                    }
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: nil)
        }
    }

    /// Transfers are up: every waiting request gets the hub.
    func fill(_ hub: TransferHub) { settle(.ready(hub), hub) }

    /// Transfers could not start: waiting requests get nil at once.
    func markUnavailable() { settle(.unavailable, nil) }

    private func settle(_ content: Content, _ hub: TransferHub?) {
        let waiters = state.withLock { state in
            state.content = content
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: hub) }
    }
}
