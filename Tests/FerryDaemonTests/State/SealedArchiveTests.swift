import Crypto
import FerryCore
@testable import FerryDaemon
import Foundation
import Testing
import FerryTestSupport

@Suite(.offThePool) struct SealedArchiveTests {
    let key = SymmetricKey(size: .bits256)
    let info = AppEvent.ArchiveInfo(bundleVersion: "1.2", interfaceIdiom: "desktop", appVersion: "3", savedAt: 1000, size: 5)
    let archive: [UInt8] = Array("hello".utf8)

    @Test func aSealedArchiveOpensWithItsInfo() throws {
        let sealed = try SealedArchive.seal(archive, info: info, app: "com.a", key: key)
        let opened = try SealedArchive.open(sealed, app: "com.a", key: key)
        #expect(opened.info == info)
        #expect(Array(opened.archive) == archive)
        #expect(!String(decoding: sealed, as: UTF8.self).contains("hello"))
    }

    @Test func everyFlippedBitIsCaught() throws {
        let sealed = try SealedArchive.seal(archive, info: info, app: "com.a", key: key)
        for index in sealed.indices {
            var changed = sealed
            changed[index] ^= 0x80
            #expect(throws: StateError.self) { try SealedArchive.open(changed, app: "com.a", key: key) }
        }
    }

    @Test func everyTruncationIsCaught() throws {
        let sealed = try SealedArchive.seal(archive, info: info, app: "com.a", key: key)
        for length in 0..<sealed.count {
            #expect(throws: StateError.self) { try SealedArchive.open(Array(sealed[..<length]), app: "com.a", key: key) }
        }
    }

    @Test func anotherAppOrKeyCannotOpenIt() throws {
        let sealed = try SealedArchive.seal(archive, info: info, app: "com.a", key: key)
        #expect(throws: StateError.self) { try SealedArchive.open(sealed, app: "com.b", key: key) }
        #expect(throws: StateError.self) { try SealedArchive.open(sealed, app: "com.a", key: SymmetricKey(size: .bits256)) }
    }

    @Test func theStoreWritesPrivateFilesAndDiscards() throws {
        let root = NSTemporaryDirectory() + "ferry-state-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = StateStore(folder: root + "/state", keyFolder: root + "/keys")
        try store.save(archive, info: info, for: "com.a")
        #expect(try store.load("com.a").map { Array($0.archive) } == archive)
        for path in [try store.path(for: "com.a"), store.keyFile] {
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        }
        #expect(try FileManager.default.attributesOfItem(atPath: root + "/state")[.posixPermissions] as? Int == 0o700)
        #expect(store.discard("com.a"))
        #expect(try store.load("com.a") == nil)
        #expect(!store.discard("com.a"))
    }

    @Test(arguments: ["", ".hidden", "a/b", "../x"])
    func aNameThatCannotBeAFileIsRefused(_ app: String) {
        let store = StateStore(folder: "/nonexistent", keyFolder: "/nonexistent")
        #expect(throws: StateError.self) { try store.path(for: app) }
    }

    @Test func aKeyFileOfTheWrongLengthIsAnErrorNamingIt() throws {
        let root = NSTemporaryDirectory() + "ferry-key-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data("short".utf8).write(to: URL(fileURLWithPath: root + "/state.key"))
        #expect {
            try StateKey.loadOrCreate(at: root + "/state.key", folder: root)
        } throws: { error in
            (error as! StateError).message.contains("state.key is 5 bytes")
        }
    }
}

@Suite(.offThePool) struct PreservationTests {
    @Test(arguments: [
        ("2.0", "1.9", true), ("1.10", "1.9", true), ("1.9", "1.10", false), ("1.0", "1.0", false),
        ("1.0.1", "1.0", true), ("1", "1.0", false), ("1.0b", "1.0a", true),
    ])
    func versionsCompareComponentByComponent(_ version: String, _ installed: String, _ newer: Bool) {
        #expect(BundleVersion.isNewer(version, than: installed) == newer)
    }

    @Test func chunksForTheExpectedEventAreCollectedOthersIgnored() {
        var upload = Preservation(speaksRestoration: true)
        upload.expect(4)
        let chunks = Self.chunks(Array(repeating: 7, count: AppReply.stateChunkSize + 10), id: 4)
        #expect(chunks.count == 2)
        for chunk in chunks {
            let taken = upload.receive(chunk)
            #expect(taken)
        }
        var stray = chunks[0]
        stray.id = 5
        let taken = upload.receive(stray)
        #expect(!taken)
        #expect(upload.bytes.count == AppReply.stateChunkSize + 10)
        #expect(!upload.overflowed)
    }

    @Test func tooMuchDataOverflows() {
        var upload = Preservation(speaksRestoration: true)
        upload.expect(1)
        for chunk in Self.chunks(Array(repeating: 0, count: AppReply.maximumArchiveSize + 1), id: 1) {
            _ = upload.receive(chunk)
        }
        #expect(upload.overflowed)
    }

    @Test func chunkThatIsNotBase64Overflows() {
        var upload = Preservation(speaksRestoration: true)
        upload.expect(2)
        let taken = upload.receive(.init(id: 2, .stateData(.init(data: "not base64!"))))
        #expect(taken)
        #expect(upload.overflowed)
    }

    @Test func replyEndingTheUploadKeepsItsArchiveInfo() {
        var upload = Preservation(speaksRestoration: true)
        upload.expect(3)
        let info = ArchiveInfo(appVersion: "7", size: 1)
        let stray = upload.receive(.init(id: 9, .reply(.init(result: true, archive: info))))
        #expect(!stray)
        let ending = upload.receive(.init(id: 3, .reply(.init(result: true, archive: info))))
        #expect(ending)
        #expect(upload.info == info)
    }

    /// The chunks an app sends for `archive`, as the daemon decodes them.
    static func chunks(_ archive: [UInt8], id: Int) -> [Envelope<AppReply>] {
        AppReply.stateChunks(archive).map { Envelope(id: id, $0) }
    }
}
