import FerryTestSupport
import FerryTransfer
import Foundation
import NIOPosix
import Testing

/// `LocalFile.collect(_:hashing:pool:)` reads and hashes on the thread pool it is given, never on
/// the caller's (cooperative) thread.
@Suite struct LocalFilePoolTests {
    private func folderWithFiles() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/share", withIntermediateDirectories: true)
        try Data("one".utf8).write(to: URL(fileURLWithPath: folder.path + "/share/a.txt"))
        try Data(repeating: 7, count: 3 << 20).write(to: URL(fileURLWithPath: folder.path + "/share/b.bin"))
        return folder
    }

    @Test func collectsOnThePoolWhatTheBlockingCallCollects() async throws {
        let folder = try folderWithFiles()
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        let files = try await LocalFile.collect([folder.path + "/share"], pool: pool)
        try await pool.shutdownGracefully()
        #expect(files == (try LocalFile.collect([folder.path + "/share"])))
        #expect(files.map(\.relativePath) == ["share/a.txt", "share/b.bin"])
        #expect(files.allSatisfy { $0.sha256 != nil })
    }

    /// Had the walk or the hashing run on the calling thread, a stopped pool would not stop it.
    @Test func aStoppedPoolReadsNothing() async throws {
        let folder = try folderWithFiles()
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        try await pool.shutdownGracefully()
        let error = await #expect(throws: TransferError.self) {
            try await LocalFile.collect([folder.path + "/share"], pool: pool)
        }
        #expect(error?.message.contains("thread pool has stopped") == true)
    }
}
