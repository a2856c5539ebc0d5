import FerryCore
import Foundation
import Logging
import Testing

@testable import FerryDaemon

/// The registry in memory: which read stays in place, when the folders are read again, and what
/// a failed resolution says. No daemon, no process.
@Suite struct RegistryServiceTests {
    final class Home {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("registry-service-\(UUID())").path
        var paths: FerryPaths {
            FerryPaths(environment: ["HOME": root, "XDG_DATA_HOME": root + "/data", "XDG_CONFIG_HOME": root + "/config"],
                       builtInSchemes: nil)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// Installs an app opening `scheme` in the first user app folder.
        func install(_ id: String, scheme: String) throws {
            let folder = try #require(paths.appFolders.first { $0.kind != .builtIn }).path + "/\(id).app"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let plist: [String: Any] = ["CFBundleIdentifier": id, "CFBundleExecutable": "run",
                                        "CFBundleURLTypes": [["CFBundleURLSchemes": [scheme]]]]
            try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
                .write(to: URL(fileURLWithPath: folder + "/Info.plist"))
        }
    }

    @Test func aReadBegunEarlierNeverReplacesOneBegunLater() {
        let home = Home()
        let service = RegistryService(paths: home.paths, logger: Logger(label: "test"))
        let (first, _) = service.beginRead()
        let (second, _) = service.beginRead()
        var earlier = RegistryStore.load(home.paths), later = RegistryStore.load(home.paths)
        earlier.generation = first
        later.generation = second
        #expect(service.install(later, started: .now))
        #expect(!service.install(earlier, started: .now))
        #expect(service.generation == second)
    }

    @Test func aChangedFolderIsReadAgainAndItsAppResolves() async throws {
        let home = Home()
        let service = RegistryService(paths: home.paths, logger: Logger(label: "test"))
        #expect(await !service.reloadIfFoldersChanged())
        #expect(throws: DaemonError.self) { try service.handler(for: FerryURL("newapp://x"), forced: nil) }
        try home.install("com.test.new", scheme: "newapp")
        #expect(await service.reloadIfFoldersChanged())
        #expect(try service.handler(for: FerryURL("newapp://x"), forced: nil).bundleIdentifier == "com.test.new")
        #expect(service.app("com.test.new") != nil)
    }

    @Test func aFailedLookupSaysWhetherTheAppOrTheHandlerIsMissing() throws {
        let home = Home()
        let service = RegistryService(paths: home.paths, logger: Logger(label: "test"))
        let url = try FerryURL("nothing://x")
        let noHandler = #expect(throws: DaemonError.self) { try service.handler(for: url, forced: nil) }
        #expect(noHandler?.code == .noHandler)
        let unknown = #expect(throws: DaemonError.self) { try service.handler(for: url, forced: "com.test.absent") }
        #expect(unknown?.code == .unknownApp)
        #expect(unknown?.message.contains("com.test.absent") == true)
    }
}
