import FerryTestSupport
import Synchronization
import Testing
@testable import FerryDaemon

#if canImport(Glibc)
import Glibc
#endif

/// One inotify descriptor for all of ferryd's watchers: two subscriptions on one folder share the
/// kernel's watch and each sees only the events it asked for, and one leaving does not blind the other.
@Suite struct InotifyTests {
    @Test func subscriptionsOnOneFolderGetTheirOwnEvents() async throws {
        let folder = try TemporaryFolder()
        let inotify = Inotify()
        let (creates, created) = inotify.subscribe()
        let (writes, written) = inotify.subscribe()
        let createWatch = try #require(creates.watch(folder.path, mask: UInt32(IN_CREATE)))
        #expect(writes.watch(folder.path, mask: UInt32(IN_CLOSE_WRITE)) == createWatch)
        close(open(folder.path + "/a", O_CREAT | O_WRONLY, 0o600))
        var createdEvents = created.makeAsyncIterator(), writtenEvents = written.makeAsyncIterator()
        #expect(await createdEvents.next()?.map(\.mask) == [UInt32(IN_CREATE)])
        #expect(await writtenEvents.next()?.map(\.mask) == [UInt32(IN_CLOSE_WRITE)])
        creates.close()
        #expect(await createdEvents.next() == nil)
        // The folder's watch outlives the subscription that left.
        close(open(folder.path + "/b", O_CREAT | O_WRONLY, 0o600))
        #expect(await writtenEvents.next()?.map(\.name) == ["b"])
        writes.close()
    }

    @Test func awaitingAMissingFolderWatchesTheNearestOneAbove() throws {
        let folder = try TemporaryFolder()
        let (subscription, _) = Inotify().subscribe()
        defer { subscription.close() }
        let awaited = try #require(subscription.awaitCreation(of: folder.path + "/a/b/c"))
        #expect(awaited.path == folder.path + "/a")
        #expect(awaited.name == "a")
    }

    @Test func everyWatchedDescriptorIsServedByOneThread() async throws {
        var pipes: [[Int32]] = []
        for _ in 0..<2 {
            var ends: [Int32] = [-1, -1]
            try #require(pipe(&ends) == 0)
            pipes.append(ends)
        }
        let threads = Mutex<[Int32: pthread_t]>([:])
        for ends in pipes {
            let read = ends[0]
            #expect(WatchThread.shared.add(read, .init(events: Int16(POLLIN), ready: { _ in
                threads.withLock { $0[read] = pthread_self() }
                return false
            }, end: { close(read) })))
        }
        var one: UInt8 = 1
        for ends in pipes { #expect(write(ends[1], &one, 1) == 1) }
        await waitUntil("both pipes served") { threads.withLock { $0.count == 2 } }
        #expect(Set(threads.withLock { $0.values }).count == 1)
        for ends in pipes { close(ends[1]) }
    }
}
