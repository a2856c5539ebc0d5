import Synchronization

/// Numbered places in line, handed out without waiting, served strictly in order: a connection
/// takes its place when it reads a request, and runs it when its number comes up.
///
/// A ticket whose task is cancelled before its turn is given up: the line skips it, so a caller
/// that went away never leaves the ones behind it waiting forever.
final class TicketQueue: Sendable {
    private struct State {
        var next = 0
        var serving = 0
        var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
        var abandoned: Set<Int> = []

        /// Moves past the served ticket and any given up behind it; returns the next one's waiter.
        mutating func advance() -> CheckedContinuation<Void, any Error>? {
            serving += 1
            while abandoned.remove(serving) != nil { serving += 1 }
            return waiters.removeValue(forKey: serving)
        }

        /// Gives up `ticket`: skipped when its number comes up, or at once if it is up now.
        mutating func abandon(_ ticket: Int) -> CheckedContinuation<Void, any Error>? {
            guard ticket != serving else { return advance() }
            abandoned.insert(ticket)
            return nil
        }
    }

    private let state = Mutex(State())

    /// Whether no ticket is out.
    var isIdle: Bool { state.withLock { $0.next == $0.serving } }

    /// How many tickets wait for their turn.
    var waiting: Int { state.withLock { $0.waiters.count } }

    func take() -> Int {
        state.withLock { state in
            defer { state.next += 1 }
            return state.next
        }
    }

    /// Waits until `ticket` is served. The caller must then call ``finish(_:)``.
    /// - Throws: `CancellationError` when the task is cancelled before its turn; the ticket is then
    ///   given up and must not be finished.
    func wait(_ ticket: Int) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                    // Checked under the lock: a cancel that came first found nothing to remove.
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                        return state.abandon(ticket)
                    }
                    if ticket == state.serving {
                        continuation.resume()
                    } else {
                        state.waiters[ticket] = continuation
                    }
                    return nil
                }
                next?.resume()
            }
        } onCancel: {
            leave(ticket)
        }
    }

    /// The served ticket is done: wake the next one if it is already waiting.
    func finish(_ ticket: Int) {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            precondition(ticket == state.serving, "ticket \(ticket) finished out of turn")
            return state.advance()
        }
        next?.resume()
    }

    private func leave(_ ticket: Int) {
        let (gone, next) = state.withLock { state -> (CheckedContinuation<Void, any Error>?, CheckedContinuation<Void, any Error>?) in
            guard let gone = state.waiters.removeValue(forKey: ticket) else { return (nil, nil) }
            return (gone, state.abandon(ticket))
        }
        gone?.resume(throwing: CancellationError())
        next?.resume()
    }
}
