import FerryCore
import Synchronization

/// The sends ferryd is running, by the id their client gave (`offer` of the `send` request), so that
/// a `cancel` request from any client — `ferry send --cancel ID`, FerryKit's `cancelSend` — stops one.
final class RunningSends: Sendable {
    private let running = Mutex<[String: (task: Task<DaemonReply.Result, Never>, cancelled: Bool)]>([:])

    /// Runs `body` as the send `id` (or anonymously without one): cancelled when the calling task
    /// is (its client went away) or when ``cancel(_:)`` names it; then its result says so.
    func run(_ id: String?, _ body: @escaping @Sendable () async -> DaemonReply.Result) async -> DaemonReply.Result {
        let task = Task { await body() }
        if let id {
            let taken = running.withLock { running in
                guard running[id] == nil else { return true }
                running[id] = (task, false)
                return false
            }
            if taken {
                task.cancel()
                return TransferRequests.failure("a send named \(id.debugDescription) is already running; give another id")
            }
        }
        let result = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        let cancelled = id.map { id in running.withLock { $0.removeValue(forKey: id)?.cancelled ?? false } } ?? false
        // A send that says itself how it was cancelled (LocalSend: no resume) keeps its words.
        guard cancelled, result.failure != .cancelled else { return result }
        return TransferRequests.failure("cancelled by ferry send --cancel \(id ?? ""); nothing was delivered, and the receiver keeps what it has for a resume",
                                      code: .cancelled)
    }

    /// Cancels the send `id`. - Returns: false when no send of that id runs.
    func cancel(_ id: String) -> Bool {
        let task: Task<DaemonReply.Result, Never>? = running.withLock { running in
            guard running[id] != nil else { return nil }
            running[id]!.cancelled = true
            return running[id]!.task
        }
        task?.cancel()
        return task != nil
    }
}
