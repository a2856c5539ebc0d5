import Synchronization

/// A client connection's requests that end with the client (its sends), to cancel when it goes away.
final class ClientTasks: Sendable {
    private let state = Mutex<(tasks: [Task<Void, Never>], cancelled: Bool)>(([], false))

    /// Keeps `task`, or cancels it at once when the client is already gone.
    func add(_ task: Task<Void, Never>) {
        let cancelled = state.withLock { state in
            if !state.cancelled { state.tasks.append(task) }
            return state.cancelled
        }
        if cancelled { task.cancel() }
    }

    func cancelAll() {
        let tasks = state.withLock { state in
            state.cancelled = true
            defer { state.tasks = [] }
            return state.tasks
        }
        for task in tasks { task.cancel() }
    }
}
