import FerryCore
import Foundation
import Testing

@testable import FerryDaemon

/// Two registry reads can run at once on the thread pool; the later-begun one must win whichever ends last.
@Suite struct RegistryStoreTests {
    @Test func aReadBegunEarlierNeverReplacesOneBegunLater() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("registry-store-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let paths = FerryPaths(environment: ["HOME": root, "XDG_DATA_HOME": root + "/data", "XDG_CONFIG_HOME": root + "/config"],
                               builtInSchemes: nil)
        var earlier = RegistryStore.load(paths)
        earlier.generation = 1
        var later = RegistryStore.load(paths)
        later.generation = 2
        #expect(later.replaces(earlier))
        #expect(!earlier.replaces(later))
        #expect(!later.replaces(later), "a read does not replace itself")
    }

    @Test func aChangedFolderIsSeenAndAnUnchangedOneIsNot() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("registry-store-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let paths = FerryPaths(environment: ["HOME": root, "XDG_DATA_HOME": root + "/data", "XDG_CONFIG_HOME": root + "/config"],
                               builtInSchemes: nil)
        let first = RegistryStore.load(paths)
        #expect(RegistryStore.loadIfChanged(paths, since: first.stamps) == nil)
        let folder = try #require(paths.appFolders.first { $0.kind != .builtIn }).path
        try FileManager.default.createDirectory(atPath: folder + "/x.app", withIntermediateDirectories: true)
        #expect(RegistryStore.loadIfChanged(paths, since: first.stamps) != nil)
    }
}
