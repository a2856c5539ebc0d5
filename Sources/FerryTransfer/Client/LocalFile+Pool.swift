import NIOPosix

extension LocalFile {
    /// ``collect(_:hashing:)`` on `pool`: the walk and the hashing read whole files (a multi-GB web
    /// share), and on Swift's cooperative pool that would hold one of its few threads, and every
    /// actor waiting for one, until the last byte is read.
    ///
    /// - Parameter pool: Where the blocking work runs; ferryd passes `NIOThreadPool.singleton`.
    /// - Throws: ``TransferError`` naming the first path that cannot be sent, or saying that `pool`
    ///   has stopped.
    public static func collect(
        _ paths: [String], hashing sizes: ClosedRange<UInt64> = 0...UInt64.max, pool: NIOThreadPool
    ) async throws(TransferError) -> [LocalFile] {
        let outcome: Result<[LocalFile], TransferError>
        do {
            outcome = try await pool.runIfActive {
                Result { () throws(TransferError) in try collect(paths, hashing: sizes) }
            }
        } catch {
            throw TransferError(.failed, "cannot read the files to send: the file thread pool has stopped (\(error))")
        }
        return try outcome.get()
    }
}
