import NIOPosix

/// Runs blocking file work (writes, syncs) on NIO's thread pool, as hummingbird does for files:
/// on Swift's cooperative pool (as many threads as cores, two here) one stalled disk would hold a
/// thread, and with it every actor of the daemon that waits for one.
enum FileWork {
    /// Runs `body` on `NIOThreadPool.singleton` and returns its result.
    /// - Throws: What `body` throws, or ``TransferError`` when the pool has stopped.
    static func run<T: Sendable>(_ what: String, _ body: @escaping @Sendable () throws(TransferError) -> T) async throws(TransferError) -> T {
        let outcome: Result<T, TransferError>
        do {
            outcome = try await NIOThreadPool.singleton.runIfActive { Result { () throws(TransferError) in try body() } }
        } catch {
            throw TransferError(.failed, "cannot \(what): the file thread pool has stopped (\(error))")
        }
        return try outcome.get()
    }
}
