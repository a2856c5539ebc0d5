import Foundation
import Testing
import FerryTestSupport

/// The freedesktop bridge both ways, against Debian's real xdg-open, xdg-mime and gio, in the
/// temporary XDG folders of a ``FerryWorld``.
@Suite(.offThePool, .enabled(if: DesktopTools.available, "needs xdg-utils and libglib2.0-bin (scripts/lib.sh installs them)"))
struct DesktopEndToEndTests {
    let world: FerryWorld

    init() throws {
        world = try FerryWorld()
        // xdg-open's generic path only asks the desktop for scheme handlers when a display is set;
        // no X server is needed. BROWSER=false keeps it from falling back to a text browser.
        world.extraEnvironment["DISPLAY"] = ":ferry-test"
        world.extraEnvironment["BROWSER"] = "/bin/false"
    }

    var userApplications: String { world.root + "/data/applications" }
    var mimeapps: String { world.root + "/config/mimeapps.list" }

    /// A desktop entry whose program appends its arguments, NUL-terminated, to `ID.args`.
    func addDesktopEntry(_ id: String, schemes: [String], exec: String = "%u") throws {
        try FileManager.default.createDirectory(atPath: userApplications, withIntermediateDirectories: true)
        let script = world.root + "/\(id).sh"
        try "#!/bin/sh\nprintf '%s\\0' \"$@\" >> '\(world.root)/\(id).args'\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let mime = schemes.map { "x-scheme-handler/\($0);" }.joined()
        try "[Desktop Entry]\nType=Application\nName=\(id)\nExec=\(script) --from-desktop \(exec)\nMimeType=\(mime)\n"
            .write(toFile: userApplications + "/\(id).desktop", atomically: true, encoding: .utf8)
    }

    func arguments(_ id: String, count: Int = 1) -> [[String]] {
        var args: [String] = []
        waitUntil("\(count) runs of \(id)") {
            args = (FileManager.default.contents(atPath: world.root + "/\(id).args") ?? Data()).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return args.count >= 2 * count
        }
        return stride(from: 0, to: args.count, by: 2).map { Array(args[$0..<min($0 + 2, args.count)]) }
    }

    @Test func xdgOpenAndGioOpenReachFerrysHandlerAfterIntegrate() throws {
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        let integrated = try world.run("integrate")
        #expect(integrated.status == 0, "\(integrated.stderr)")
        #expect(integrated.stdout.hasPrefix("xdg-open and gio open now hand todolist: to Ferry"))
        let entry = try String(contentsOfFile: userApplications + "/ferry-open.desktop", encoding: .utf8)
        #expect(entry.contains("Exec=\(FerryWorld.binary) open %u\n"))
        #expect(entry.contains("MimeType=x-scheme-handler/todolist;\n"))
        #expect(try world.tool("xdg-mime", "query", "default", "x-scheme-handler/todolist").stdout == "ferry-open.desktop\n")
        let xdg = try world.tool("xdg-open", "todolist://www.acme.com?Quarterly%20Report#200806231300")
        #expect(xdg.status == 0, "\(xdg.stderr)")
        #expect(world.received("com.acme.todo") == ["todolist://www.acme.com?Quarterly%20Report#200806231300"])
        let gio = try world.tool("gio", "open", "todolist://x/from-gio")
        #expect(gio.status == 0, "\(gio.stderr)")
        #expect(world.received("com.acme.todo", count: 2).last == "todolist://x/from-gio")
    }

    @Test func ferryOpenReachesADesktopEntry() throws {
        try addDesktopEntry("org.acme.Desk", schemes: ["deskonly"], exec: "--url=%U")
        for direct in [false, true] {
            world.extraEnvironment["FERRY_NO_DAEMON"] = direct ? "1" : nil
            let opened = try world.run("open", "--wait", "deskonly://a b".replacingOccurrences(of: " ", with: "%20"))
            #expect(opened.status == 0, "\(opened.stderr)")
            #expect(opened.stdout.hasPrefix("launched org.acme.Desk.desktop"))
        }
        #expect(arguments("org.acme.Desk", count: 2) == [["--from-desktop", "--url=deskonly://a%20b"],
                                                          ["--from-desktop", "--url=deskonly://a%20b"]])
        let explained = try world.run("open", "--explain", "deskonly://x")
        #expect(explained.stdout.contains("rule:    desktop entry"))
        #expect(explained.stdout.contains("from:    \(userApplications)/org.acme.Desk.desktop (desktop entry)"))
        let schemes = try world.run("schemes", "--json")
        #expect(schemes.stdout.contains("\"source\" : \"desktop entry\""))
    }

    @Test func precedenceManifestThenMimeappsDefaultThenFerryDefault() throws {
        try world.addRecorder("com.acme.todo", schemes: ["todolist"], rank: "Owner")
        try addDesktopEntry("desk", schemes: ["todolist"])
        // ferryd stays up across the steps: each change must reach it without a restart.
        #expect(try world.run("open", "--wait", "todolist://1").stdout.hasPrefix("launched com.acme.todo"))
        #expect(try world.tool("xdg-mime", "default", "desk.desktop", "x-scheme-handler/todolist").status == 0)
        let chosen = try world.run("open", "--wait", "todolist://2")
        #expect(chosen.stdout.hasPrefix("launched desk.desktop"), "\(chosen.stdout)\(chosen.stderr)")
        #expect(try world.run("open", "--explain", "todolist://2").stdout.contains("rule:    desktop default"))
        #expect(try world.run("default", "todolist", "com.acme.todo").status == 0)
        #expect(try world.run("open", "--wait", "todolist://3").stdout.hasPrefix("launched com.acme.todo"))
        #expect(world.received("com.acme.todo", count: 2) == ["todolist://1", "todolist://3"])
        #expect(arguments("desk") == [["--from-desktop", "todolist://2"]])
    }

    @Test func undoRestoresTheUsersFilesAndInstallKeepsItInSync() throws {
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        try FileManager.default.createDirectory(atPath: world.root + "/config", withIntermediateDirectories: true)
        let before = "# mine\n[Default Applications]\ntext/plain=vim.desktop;\nx-scheme-handler/mine=other.desktop;\n\n[Added Associations]\nimage/png=gimp.desktop;\n"
        try before.write(toFile: mimeapps, atomically: true, encoding: .utf8)
        try addDesktopEntry("other", schemes: ["mine"])
        try world.addRecorder("com.acme.mine", schemes: ["mine"])
        let integrated = try world.run("integrate", "--json")
        #expect(integrated.stdout.contains("\"kept\" : {\n    \"mine\" : \"other.desktop\"\n  }"), "\(integrated.stdout)")
        #expect(try String(contentsOfFile: mimeapps, encoding: .utf8)
                == before.replacingOccurrences(of: "other.desktop;\n\n", with: "other.desktop;\nx-scheme-handler/todolist=ferry-open.desktop;\n\n"))

        let source = try FerryWorld()
        try source.addRecorder("com.acme.notes", schemes: ["notes"], name: "notes")
        let installed = try world.run("install", source.apps + "/notes.app")
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(try world.tool("xdg-mime", "query", "default", "x-scheme-handler/notes").stdout == "ferry-open.desktop\n")
        #expect(try world.tool("xdg-open", "notes://n").status == 0)
        #expect(world.received("com.acme.notes") == ["notes://n"])
        #expect(try world.run("uninstall", "com.acme.notes").status == 0)
        #expect(try world.tool("xdg-mime", "query", "default", "x-scheme-handler/notes").stdout == "")

        #expect(try world.run("integrate", "--undo").status == 0)
        #expect(try String(contentsOfFile: mimeapps, encoding: .utf8) == before)
        #expect(!FileManager.default.fileExists(atPath: userApplications + "/ferry-open.desktop"))
        #expect(try world.tool("xdg-open", "todolist://gone").status != 0)
    }

    @Test func ferryNeverHandsAURLBackToItsOwnEntry() throws {
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        #expect(try world.run("integrate").status == 0)
        try FileManager.default.removeItem(atPath: world.apps + "/com.acme.todo.app")
        for direct in [false, true] {
            world.extraEnvironment["FERRY_NO_DAEMON"] = direct ? "1" : nil
            let opened = try world.run("open", "todolist://x")
            #expect(opened.status == 69, "\(opened.stdout)\(opened.stderr)")
        }
        #expect(try world.tool("xdg-open", "todolist://x").status != 0)
    }
}

enum DesktopTools {
    static var available: Bool {
        ["/usr/bin/xdg-open", "/usr/bin/xdg-mime", "/usr/bin/gio"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

extension FerryWorld {
    /// Runs a desktop tool (xdg-open, xdg-mime, gio) with this world's environment.
    func tool(_ name: String, _ arguments: String...) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + name)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: String(decoding: stderr, as: UTF8.self))
    }
}
