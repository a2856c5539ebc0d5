import Foundation
import Testing
import FerryTestSupport
@testable import FerryCore

@Suite struct LauncherTests {
    func command(_ folder: TemporaryFolder) throws -> LaunchCommand {
        let manifest = Manifest(bundleIdentifier: "com.test.app", urlTypes: [], documentTypes: [], queriesSchemes: [],
                                exitsOnSuspend: false, backgroundModes: [], program: .arguments(["/bin/true"]), otherKeys: [:])
        let app = InstalledApp(manifest: manifest, bundlePath: folder.path + "/t.app", manifestPath: folder.path + "/t.app/Info.plist",
                               folder: AppFolder(path: folder.path, kind: .user), precedence: 0)
        let paths = FerryPaths(appFolders: [], dataHome: folder.path + "/data", configHome: folder.path + "/config")
        return try LaunchCommand(app: app, url: nil, sourceApplication: nil, paths: paths, environment: [:])
    }

    /// A program still open for writing (just installed, or a descriptor a concurrent fork
    /// inherited) fails exec with ETXTBSY; the spawn waits for the writer instead of failing.
    @Test func aProgramBusyForAMomentStillStarts() throws {
        let folder = try TemporaryFolder()
        let program = folder.path + "/busy"
        let fd = open(program, O_WRONLY | O_CREAT | O_CLOEXEC, 0o755)
        try #require(fd >= 0)
        let script = "#!/bin/sh\nexit 7\n"
        _ = script.withCString { write(fd, $0, strlen($0)) }
        let writer = Thread { usleep(5_000); close(fd) }  // still open for write as the spawn starts: ETXTBSY
        writer.start()
        let pid = try Launcher.spawn(program, arguments: [program], environment: [:])
        #expect(Launcher.wait(for: pid) == .exited(7))
    }

    /// ferryd's handler logs live in `$XDG_STATE_HOME/ferry/logs/`, missing on a fresh account.
    @Test func theLogFilesFolderIsCreated() throws {
        let folder = try TemporaryFolder()
        let log = folder.path + "/state/ferry/logs/com.test.app.log"
        let pid = try Launcher.spawn(try command(folder), bundleIdentifier: "com.test.app", output: log)
        #expect(Launcher.wait(for: pid) == .exited(0))
        #expect(FileManager.default.fileExists(atPath: log))
    }

    /// A log file that cannot be opened is named as the cause, not the app's program.
    @Test func anUnwritableLogIsTheNamedCause() throws {
        let folder = try TemporaryFolder()
        try Data().write(to: URL(fileURLWithPath: folder.path + "/logs"))
        let log = folder.path + "/logs/com.test.app.log"
        #expect {
            try Launcher.spawn(try command(folder), bundleIdentifier: "com.test.app", output: log)
        } throws: { error in
            let text = "\(error)"
            return text.contains(folder.path + "/logs") && !text.contains("/bin/true")
        }
    }
}
