import Foundation
import Testing
import FerryTestSupport
@testable import FerryCore

@Suite struct LaunchCommandTests {
    let paths = FerryPaths(appFolders: [], dataHome: "/data/ferry", configHome: "/config/ferry")

    func installed(_ program: Manifest.Program?, at bundle: String = "/apps/t.app") -> InstalledApp {
        let manifest = Manifest(bundleIdentifier: "com.t", urlTypes: [], documentTypes: [], queriesSchemes: [],
                                exitsOnSuspend: false, backgroundModes: [], program: program, otherKeys: [:])
        return InstalledApp(manifest: manifest, bundlePath: bundle, manifestPath: bundle + "/Info.plist",
                            folder: AppFolder(path: "/apps", kind: .user), precedence: 0)
    }

    @Test func programArgumentsReplacePlaceholdersOrAppendTheURL() throws {
        let url = "todolist://x/$(id);`ls`'\"%u"
        let replaced = try LaunchCommand(app: installed(.arguments(["sh", "--url=%u", "100%%"])), url: url,
                                         sourceApplication: "com.src", paths: paths, environment: ["PATH": "/bin:/usr/bin"])
        #expect(replaced.arguments == ["sh", "--url=" + url, "100%"])
        #expect(replaced.executable.hasSuffix("/sh"))
        let appended = try LaunchCommand(app: installed(.arguments(["sh", "100%%"])), url: url,
                                         sourceApplication: nil, paths: paths, environment: ["PATH": "/bin:/usr/bin"])
        #expect(appended.arguments == ["sh", "100%%", url])
    }

    @Test func theEnvironmentNamesTheAppItsContainerAndTheSource() throws {
        let command = try LaunchCommand(app: installed(.arguments(["/bin/sh"])), url: "x:", sourceApplication: "com.src",
                                        paths: paths, environment: ["PATH": "/bin", "FERRY_SOURCE_APPLICATION": "stale"])
        #expect(command.environment["FERRY_BUNDLE_ID"] == "com.t")
        #expect(command.environment["FERRY_CONTAINER"] == "/data/ferry/Containers/com.t")
        #expect(command.environment["FERRY_DOCUMENTS"] == "/data/ferry/Containers/com.t/Documents")
        #expect(command.environment["FERRY_SOURCE_APPLICATION"] == "com.src")
        let noSource = try LaunchCommand(app: installed(.arguments(["/bin/sh"])), url: "x:", sourceApplication: nil,
                                         paths: paths, environment: ["FERRY_SOURCE_APPLICATION": "stale"])
        #expect(noSource.environment["FERRY_SOURCE_APPLICATION"] == nil)
    }

    @Test func missingProgramsAreNamed() {
        #expect(throws: LaunchError(bundleIdentifier: "com.t", reason: "/apps/t.app/run does not exist; reinstall the app or install the program")) {
            try LaunchCommand(app: installed(.executable("run")), url: "x:", sourceApplication: nil, paths: paths, environment: [:])
        }
        #expect(throws: LaunchError(bundleIdentifier: "com.t", reason: "no-such-tool (not found in PATH) does not exist; reinstall the app or install the program")) {
            try LaunchCommand(app: installed(.arguments(["no-such-tool"])), url: "x:", sourceApplication: nil, paths: paths, environment: ["PATH": "/bin:/usr/bin"])
        }
        #expect(throws: LaunchError.self) {
            try LaunchCommand(app: installed(nil), url: "x:", sourceApplication: nil, paths: paths, environment: [:])
        }
    }

    @Test func spawnsARealProcessWithTheURLAsOneArgument() throws {
        let temp = try TemporaryFolder()
        let paths = FerryPaths(appFolders: [], dataHome: temp.path, configHome: temp.path)
        let url = "todolist://x/a;b$(c)?d'e#f"
        let command = try LaunchCommand(app: installed(.arguments(["/bin/sh", "-c", "printf %s \"$1\" > \"$FERRY_DOCUMENTS/got\"", "sh"])),
                                        url: url, sourceApplication: nil, paths: paths, environment: [:])
        let pid = try Launcher.spawn(command, bundleIdentifier: "com.t")
        #expect(Launcher.wait(for: pid) == .exited(0))
        #expect(try String(contentsOfFile: temp.path + "/Containers/com.t/Documents/got", encoding: .utf8) == url)
    }
}

@Suite struct FerryPathsTests {
    @Test func followsXDGAndTheOverride() {
        let paths = FerryPaths(environment: ["HOME": "/home/u", "XDG_DATA_DIRS": "/a:/b:relative"], builtInSchemes: "/s")
        #expect(paths.appFolders == [
            AppFolder(path: "/home/u/.local/share/ferry/Applications", kind: .user),
            AppFolder(path: "/a/ferry/Applications", kind: .system),
            AppFolder(path: "/b/ferry/Applications", kind: .system),
            AppFolder(path: "/s", kind: .builtIn),
        ])
        #expect(paths.defaultsFile == "/home/u/.config/ferry/defaults.json")
        let custom = FerryPaths(environment: ["HOME": "/h", "FERRY_APPS_PATH": "/x:/y", "XDG_DATA_HOME": "/d"], builtInSchemes: nil)
        #expect(custom.appFolders.map(\.path) == ["/x", "/y"])
        #expect(custom.userApps == "/x")
        #expect(custom.container(for: "com.a") == "/d/ferry/Containers/com.a")
    }
}
