import FerryCore
import Foundation
import Logging
import Testing

@testable import FerryDaemon

/// Saved states on disk, without an app: what a save keeps or refuses, and what `ferry state` says.
@Suite struct StateKeeperTests {
    final class Folder {
        let root = NSTemporaryDirectory() + "ferry-keeper-" + UUID().uuidString
        var keeper: StateKeeper {
            StateKeeper(store: StateStore(folder: root + "/state", keyFolder: root + "/keys"), logger: Logger(label: "test"))
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    static func upload(_ bytes: [UInt8], size: Int? = nil) -> Preservation {
        var upload = Preservation()
        upload.info = ArchiveInfo(appVersion: "2", size: size ?? bytes.count)
        upload.bytes = bytes
        return upload
    }

    @Test func aSaveIsKeptWithTheInstalledVersionAndTheDesktopIdiom() throws {
        let folder = Folder()
        let keeper = folder.keeper
        keeper.keep("com.a", saved: true, Self.upload([1, 2, 3]), version: "1.5", milliseconds: 1)
        guard case .saved(let info) = try keeper.report("com.a", discard: false) else {
            Issue.record("nothing saved"); return
        }
        #expect(info.bundleVersion == "1.5")
        #expect(info.interfaceIdiom == "desktop")
        #expect(info.appVersion == "2")
        #expect(info.savedAt != nil)
    }

    @Test func nothingSavedOrABadUploadDiscardsTheOldArchive() throws {
        let folder = Folder()
        let keeper = folder.keeper
        keeper.keep("com.a", saved: true, Self.upload([1, 2, 3]), version: nil, milliseconds: 1)
        keeper.keep("com.a", saved: true, Self.upload([1, 2, 3], size: 4), version: nil, milliseconds: 1)
        guard case .none = try keeper.report("com.a", discard: false) else { Issue.record("a bad upload kept"); return }
        keeper.keep("com.a", saved: true, Self.upload([1]), version: nil, milliseconds: 1)
        keeper.keep("com.a", saved: false, Preservation(), version: nil, milliseconds: 1)
        guard case .none = try keeper.report("com.a", discard: false) else { Issue.record("an empty save kept"); return }
    }

    @Test func aDiscardSaysWhetherThereWasOne() throws {
        let folder = Folder()
        let keeper = folder.keeper
        keeper.keep("com.a", saved: true, Self.upload([1]), version: nil, milliseconds: 1)
        guard case .discarded = try keeper.report("com.a", discard: true) else { Issue.record("not discarded"); return }
        guard case .none = try keeper.report("com.a", discard: true) else { Issue.record("discarded twice"); return }
    }

    @Test func aNameThatCannotBeAFileIsAnInvalidApp() {
        let folder = Folder()
        let error = #expect(throws: DaemonError.self) { try folder.keeper.report("../x", discard: false) }
        #expect(error?.code == .invalidApp)
    }

    @Test func aTakenStateIsNotOfferedAgain() throws {
        let folder = Folder()
        let keeper = folder.keeper
        keeper.keep("com.a", saved: true, Self.upload([1]), version: nil, milliseconds: 1)
        let taken = try #require(keeper.take("com.a"))
        taken.close()
        #expect(keeper.take("com.a") == nil)
    }
}
