import FerryTestSupport
import Logging
import Synchronization
import Testing
@testable import FerryDaemon

#if canImport(Glibc)
import Glibc
#endif

/// ferryd notices at once, by inotify, that its socket path no longer leads to it; it does not
/// look at intervals (here an hour, so a wait that polled would never end in time).
@Suite struct SocketIdentityTests {
    private let hour = Duration.seconds(3600)

    private func socket(in folder: String) throws -> (path: String, identity: SocketIdentity) {
        let path = folder + "/ferryd.sock"
        #expect(mknod(path, S_IFSOCK | 0o600, 0) == 0)
        return (path, try #require(SocketIdentity(path: path)))
    }

    /// The folders' watches, and a signal when the wait has looked and parks for the next event.
    private func watched(_ path: String) -> (InotifyStream, ParkSignal) {
        let changes = InotifyStream(logger: Logger(label: "test"))
        for folder in SocketIdentity.folders(above: path) { #expect(changes.watch(folder, mask: SocketIdentity.renames)) }
        return (changes, ParkSignal(changes.events))
    }

    @Test(arguments: ["unlink", "rename the folder", "replace"])
    func theWaitEndsAtTheChange(_ change: String) async throws {
        let scratch = try TemporaryFolder()
        let folder = scratch.path + "/ferry"
        mkdir(folder, 0o700)
        let (path, identity) = try socket(in: folder)
        let (changes, parked) = watched(path)
        defer { changes.close() }
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await identity.waitUntilGone(from: path, changes: parked) }
            await parked.first()
            switch change {
            case "unlink": unlink(path)
            case "rename the folder": rename(folder, folder + ".old")
            default:
                // Made beside, then renamed over: an unlink and a new mknod may get the freed inode back.
                _ = mknod(path + ".new", S_IFSOCK | 0o600, 0)
                rename(path + ".new", path)
            }
            try await group.next()
        }
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func aChangeBesideTheSocketDoesNotEndTheWait() async throws {
        let folder = try TemporaryFolder()
        let (path, identity) = try socket(in: folder.path)
        let (changes, parked) = watched(path)
        let waiting = Task { try await identity.waitUntilGone(from: path, changes: parked) }
        await parked.first()
        close(open(folder.path + "/other", O_CREAT | O_WRONLY, 0o600))
        await parked.count(2)
        changes.close()
        _ = await waiting.result
        #expect(SocketIdentity(path: path) == identity)
    }

    @Test func cancellingEndsTheWait() async throws {
        let folder = try TemporaryFolder()
        let (path, identity) = try socket(in: folder.path)
        let waiting = Task { try await identity.waitUntilGone(from: path, every: hour) }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    @Test func theFoldersAboveAPath() {
        #expect(SocketIdentity.folders(above: "/run/user/1000/ferry/ferryd.sock") == ["/run/user/1000/ferry", "/run/user/1000", "/run/user", "/run", "/"])
    }
}

/// Passes the watch's events on and lets a test wait until the wait has asked for the `n`th: the
/// moment it has looked at the path and parks.
private final class ParkSignal: AsyncSequence, Sendable {
    typealias Element = Void
    typealias Failure = Never
    private let base: AsyncStream<Void>
    private let asked = Mutex(0)
    private let (stream, continuation) = AsyncStream.makeStream(of: Int.self)

    init(_ base: AsyncStream<Void>) { self.base = base }

    func first() async { await count(1) }

    /// Returns once the consumer has asked `n` times.
    func count(_ n: Int) async {
        for await asked in stream where asked >= n { return }
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        typealias Failure = Never
        var base: AsyncStream<Void>.Iterator
        let signal: ParkSignal

        mutating func next() async -> Void? {
            signal.continuation.yield(signal.asked.withLock { $0 += 1; return $0 })
            return await base.next()
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator(), signal: self) }
}
