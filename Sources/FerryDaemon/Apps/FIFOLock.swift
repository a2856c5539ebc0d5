import Synchronization

/// A first-come, first-served lock: waiters get it in the order they asked, which is what keeps
/// URLs to one app in the order they were opened.
///
/// A waiter whose task is cancelled leaves the line at once with `CancellationError`, so a caller
/// that gave up (its client went away, its timeout fired) never holds up the ones behind it.
final class FIFOLock: Sendable {
    private struct State {
        var held = false
        var nextID = 0
        var waiters: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    }

    private let state = Mutex(State())

    var isHeld: Bool { state.withLock { $0.held } }

    /// How many callers wait in line.
    var waiting: Int { state.withLock { $0.waiters.count } }

    /// Waits for the lock in line.
    /// - Throws: `CancellationError` when the task is cancelled before its turn; it then does not hold the lock.
    func acquire() async throws {
        let id = state.withLock { state -> Int? in
            guard state.held else {
                state.held = true
                return nil
            }
            defer { state.nextID += 1 }
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                state.withLock { state in
                    // Checked under the lock: a cancel that came first finds nothing to remove.
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        state.waiters.append((id, continuation))
                    }
                }
            }
        } onCancel: {
            leave(id)
        }
    }

    /// Hands the lock to the next waiter, or frees it.
    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard !state.waiters.isEmpty else {
                state.held = false
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        next?.resume()
    }

    private func leave(_ id: Int) {
        let gone = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index).continuation
        }
        gone?.resume(throwing: CancellationError())
    }
}
