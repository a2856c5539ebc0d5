import Synchronization

/// One method call waiting for its reply: resumed exactly once, by the reply, the loss of the
/// connection or the caller's cancellation, whichever comes first.
final class PendingCall: @unchecked Sendable {
    private enum State {
        case idle
        case waiting(CheckedContinuation<[DBusValue], any Error>)
        case finished
    }
    private let state = Mutex<State>(.idle)

    // Touched on the bus thread only.
    var slot: OpaquePointer?
    var loop: BusLoop?
    var member = ""

    /// Stores the continuation; resumes it at once when the call already finished (cancelled).
    func install(_ continuation: CheckedContinuation<[DBusValue], any Error>) {
        let alreadyFinished = state.withLock { state -> Bool in
            guard case .idle = state else { return true }
            state = .waiting(continuation)
            return false
        }
        if alreadyFinished { continuation.resume(throwing: CancellationError()) }
    }

    /// Resumes the caller unless it was resumed before.
    func resume(_ result: Result<[DBusValue], any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<[DBusValue], any Error>? in
            defer { state = .finished }
            if case .waiting(let c) = state { return c }
            return nil
        }
        continuation?.resume(with: result)
    }

    var isFinished: Bool {
        state.withLock { if case .finished = $0 { true } else { false } }
    }
}

/// One signal subscription: the stream it feeds and its match slot.
final class Subscription: @unchecked Sendable {
    let continuation: AsyncStream<DBusSignal>.Continuation

    // Touched on the bus thread only.
    var slot: OpaquePointer?
    var loop: BusLoop?
    var installed: CheckedContinuation<Void, any Error>?

    /// The well-known name whose owner alone may send this subscription's signals.
    let owner: NameOwner?
    /// For the bus's NameOwnerChanged: the name whose owner this subscription keeps up to date.
    let tracking: NameOwner?

    init(_ continuation: AsyncStream<DBusSignal>.Continuation, from owner: NameOwner? = nil) {
        self.continuation = continuation
        self.owner = owner
        self.tracking = nil
    }

    /// A subscription that feeds no stream: its signals update `owner`.
    init(tracking owner: NameOwner) {
        continuation = AsyncStream.makeStream(of: DBusSignal.self).continuation
        self.owner = nil
        tracking = owner
    }
}
