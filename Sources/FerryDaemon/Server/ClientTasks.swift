import Synchronization

/// A client connection's requests that end with the client (its sends), to cancel when it goes away.
final class ClientTasks: Sendable {
    private let tasks = Mutex<[Task<Void, Never>]>([])

    func add(_ task: Task<Void, Never>) {
        tasks.withLock { $0.append(task) }
    }

    func cancelAll() {
        for task in tasks.withLock({ $0 }) { task.cancel() }
    }
}
