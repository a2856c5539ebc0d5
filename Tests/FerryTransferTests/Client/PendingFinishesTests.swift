import Foundation
import Testing
import FerryTestSupport
@testable import FerryTransfer

/// The sender's notes of finishes it never heard answered.
@Suite struct PendingFinishesTests {
    let peer = String(repeating: "a", count: 64)

    @Test func aNoteIsFoundForItsPeerAndFileSetUntilRemoved() throws {
        let scratch = try TemporaryFolder()
        let store = PendingFinishes(directory: scratch.path + "/finishing")
        #expect(store.record(peer: peer, key: "k1", offer: "0123456789abcdef"))
        #expect(store.offer(peer: peer, key: "k1") == "0123456789abcdef")
        #expect(store.offer(peer: peer, key: "k2") == nil)
        #expect(store.offer(peer: String(repeating: "b", count: 64), key: "k1") == nil)
        store.remove(peer: peer, key: "k1")
        #expect(store.offer(peer: peer, key: "k1") == nil)
    }

    @Test func aNoteOlderThanADayIsDropped() throws {
        let scratch = try TemporaryFolder()
        let store = PendingFinishes(directory: scratch.path + "/finishing")
        let then = Date() - PendingFinishes.keepSeconds - 1
        store.record(peer: peer, key: "old", offer: "01", now: then)
        store.record(peer: peer, key: "new", offer: "02")
        store.prune()
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory).count == 1)
        #expect(store.offer(peer: peer, key: "new") == "02")
        store.record(peer: peer, key: "old", offer: "01", now: then)
        #expect(store.offer(peer: peer, key: "old") == nil, "read past its day, it is dropped")
    }

    @Test func theFileSetKeyChangesWithAFilesContentPathOrTime() throws {
        let scratch = try TemporaryFolder()
        let path = scratch.path + "/a.txt"
        try Data("one".utf8).write(to: URL(fileURLWithPath: path))
        let file = LocalFile(path: path, relativePath: "a.txt", size: 3, sha256: nil)
        let key = PendingFinishes.key([file], app: nil, url: nil)
        #expect(PendingFinishes.key([file], app: nil, url: nil) == key)
        var renamed = file
        renamed.relativePath = "b.txt"
        #expect(PendingFinishes.key([renamed], app: nil, url: nil) != key)
        #expect(PendingFinishes.key([file], app: "org.x", url: nil) != key)
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(PendingFinishes.key([file], app: nil, url: nil) != key, "the file was written again")
    }

    @Test func theWalksTimeMakesTheSameKeyAsAskingTheFileAgain() throws {
        let scratch = try TemporaryFolder()
        let path = scratch.path + "/a.txt"
        try Data("one".utf8).write(to: URL(fileURLWithPath: path))
        let walked = try LocalFile.collect([path])
        var asked = walked
        asked[0].modified = nil
        #expect(walked[0].modified != nil)
        #expect(PendingFinishes.key(walked, app: nil, url: nil) == PendingFinishes.key(asked, app: nil, url: nil))
    }
}
