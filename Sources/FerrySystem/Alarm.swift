import Synchronization

/// Where one task sleeps until something is due: woken by ``ring()``, its own time limit, or
/// cancellation. ferryd's service loops wait on one instead of ticking while nothing is due.
///
/// A ring with nobody waiting is kept, so the next ``wait(upTo:)`` returns at once: a change made
/// between a loop reading its next due time and parking is never lost.
public final class Alarm: Sendable {
    private struct State {
        var waiter: CheckedContinuation<Void, Never>?
        var rung = false
        /// The current wait's time limit has passed (or its task was cancelled).
        var expired = false
    }

    private let state = Mutex(State())

    public init() {}

    /// Returns after a ``ring()`` (also one since the last return), after `limit`, or as soon as
    /// the calling task is cancelled. Meant for one waiting task at a time.
    public func wait(upTo limit: Duration) async {
        state.withLock { $0.expired = false }
        await withDiscardingTaskGroup { group in
            // Cancelled with the caller, so its sleep then ends at once.
            group.addTask {
                try? await Task.sleep(for: limit)
                self.state.withLock { state -> CheckedContinuation<Void, Never>? in
                    state.expired = true
                    return state.waiter.take()
                }?.resume()
            }
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    guard !state.rung, !state.expired else {
                        state.rung = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
            group.cancelAll()
        }
    }

    /// Wakes the waiting task, or the next one to wait.
    public func ring() {
        state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter.take() else {
                state.rung = true
                return nil
            }
            state.rung = false
            return waiter
        }?.resume()
    }
}
