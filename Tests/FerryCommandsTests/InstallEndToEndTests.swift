import Foundation
import Testing
import FerryTestSupport

/// scripts/package builds a .deb; dpkg installs it into an empty root; the installed ferry and
/// ferryd then work from there alone: schemes found relative to the binary, no checkout, no
/// FERRY_SCHEMES_DIR, and the paths they write name the installed binaries. The binaries are
/// stripped; ferry-dbgsym holds their debug info where gdb looks for it by build id.
@Suite(.offThePool) struct InstallEndToEndTests {
    static let binDirectory = URL(fileURLWithPath: FerryWorld.binary).deletingLastPathComponent().path
    static var ready: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-deb") && FileManager.default.isExecutableFile(atPath: ShellFilesTests.manualTool)
    }

    /// A .deb of the test build and its ferry-dbgsym, installed by dpkg into an empty root; returns that root. The root
    /// is under the checkout's `.build`, not /tmp: ferry reads no built-in schemes from a folder
    /// under one every user can write (FolderTrust). The caller removes it.
    static func installPackage(in world: FerryWorld) throws -> String {
        let deb = world.root + "/ferry.deb"
        let root = FerryWorld.repository + "/.build/ferry-install-tests/" + UUID().uuidString
        var environment = ProcessInfo.processInfo.environment
        environment["FERRY_MANUAL_TOOL"] = ShellFilesTests.manualTool
        let built = try FerryWorld.runProgram(FerryWorld.repository + "/scripts/package",
                                              ["--bin-dir", binDirectory, "--output", deb], environment: environment)
        try #require(built.status == 0, "\(built.stderr)")
        for folder in ["var/lib/dpkg/info", "var/lib/dpkg/updates"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        FileManager.default.createFile(atPath: root + "/var/lib/dpkg/status", contents: Data())
        // The empty root knows none of the libraries' packages: --force-depends.
        let dbgsym = try FileManager.default.contentsOfDirectory(atPath: world.root).filter { $0.hasPrefix("ferry-dbgsym_") }
        try #require(dbgsym.count == 1, "scripts/package wrote one ferry-dbgsym .deb beside ferry.deb: \(dbgsym)")
        let installed = try FerryWorld.runProgram("/usr/bin/dpkg", ["--root=" + root, "--force-depends", "--force-not-root",
                                                                    "--log=/dev/null", "-i", deb, world.root + "/" + dbgsym[0]])
        try #require(installed.status == 0, "\(installed.stdout)\(installed.stderr)")
        return root
    }

    /// The world's environment without anything that points into the checkout or the build.
    static func environment(_ world: FerryWorld, root: String, fakeBin: String) -> [String: String] {
        var environment = world.environment
        for key in ["FERRY_SCHEMES_DIR", "FERRY_DAEMON", "FERRY_APPS_PATH"] { environment.removeValue(forKey: key) }
        environment["PATH"] = "\(root)/usr/bin:\(fakeBin):/usr/bin:/bin"
        environment["HOME"] = world.root + "/home"
        environment["FERRY_TRANSFER_PORT"] = "off"
        return environment
    }

    @Test(.enabled(if: ready, "needs dpkg-deb and generate-manual-tool (swift build --product generate-manual)"))
    func theInstalledPackageOpensURLsAndPassesDoctor() throws {
        let world = try FerryWorld()
        let root = try Self.installPackage(in: world)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let ferry = root + "/usr/bin/ferry"
        // https: goes to the built-in web scheme, which runs xdg-open: a stand-in records its argument.
        let fakeBin = world.root + "/fake-bin", record = world.root + "/xdg-open.txt"
        try FileManager.default.createDirectory(atPath: fakeBin, withIntermediateDirectories: true)
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >>'\(record)'\n".write(toFile: fakeBin + "/xdg-open", atomically: true, encoding: .utf8)
        chmod(fakeBin + "/xdg-open", 0o755)
        let environment = Self.environment(world, root: root, fakeBin: fakeBin)
        func run(_ program: String, _ arguments: String...) throws -> FerryWorld.Outcome {
            try FerryWorld.runProgram(program, arguments, environment: environment)
        }

        let opened = try run(ferry, "open", "--wait", "https://example.com/page")
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect((try? String(contentsOfFile: record, encoding: .utf8)) == "https://example.com/page\n")
        #expect(world.daemonPID != nil, "ferry started the ferryd installed beside it")
        let doctor = try run(ferry, "doctor")
        #expect(doctor.status == 0, "\(doctor.stdout)\(doctor.stderr)")
        let schemes = try run(ferry, "schemes", "--json")
        #expect(schemes.stdout.contains("org.ferry.system.web"))
        #expect(try run(root + "/usr/bin/ferryd", "--version").stdout == "ferryd 0.1.0\n")

        // Exec= and ExecStart= name the installed binaries, not the build folder.
        #expect(try run(ferry, "integrate").status == 0)
        let entry = try String(contentsOfFile: world.root + "/data/applications/ferry-open.desktop", encoding: .utf8)
        #expect(entry.contains("Exec=\(ferry) open %u\n"), "\(entry)")
        #expect(try run(ferry, "daemon", "--install-service").status == 0)
        let unit = try String(contentsOfFile: world.root + "/config/systemd/user/ferryd.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=\(root)/usr/bin/ferryd\n"), "\(unit)")
        let packaged = try String(contentsOfFile: root + "/usr/lib/systemd/user/ferryd.service", encoding: .utf8)
        #expect(packaged.contains("ExecStart=/usr/bin/ferryd\n"))
        world.stopDaemon()
    }

    @Test(.enabled(if: ready, "needs dpkg-deb and generate-manual-tool (swift build --product generate-manual)"))
    func thePackageHoldsEveryPieceWhereItsToolLooks() throws {
        let world = try FerryWorld()
        let root = try Self.installPackage(in: world)
        defer { try? FileManager.default.removeItem(atPath: root) }
        for file in ["usr/bin/ferry", "usr/bin/ferryd", "usr/share/ferry/schemes/web.plist", "usr/share/man/man1/ferry.1.gz",
                     "usr/share/bash-completion/completions/ferry", "usr/share/zsh/vendor-completions/_ferry",
                     "usr/share/fish/vendor_completions.d/ferry.fish", "usr/lib/systemd/user/ferryd.socket",
                     "usr/share/doc/ferry/copyright"] {
            #expect(FileManager.default.fileExists(atPath: root + "/" + file), "\(file)")
        }
        let copyright = try String(contentsOfFile: root + "/usr/share/doc/ferry/copyright", encoding: .utf8)
        #expect(copyright.contains("Apache License") && copyright.contains("Version 2.0, January 2004"))
        let page = try FerryWorld.runProgram("/usr/bin/man", ["-l", root + "/usr/share/man/man1/ferry.1.gz"],
                                             environment: ["MANWIDTH": "100", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        for section in ["ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
            #expect(page.stdout.contains("\n\(section)\n"), "\(section)")
        }
        #expect(page.stdout.contains("FERRY_SCHEMES_DIR") && page.stdout.contains("78      A manifest"))
        for binary in ["ferry", "ferryd"] {
            try Self.expectStrippedWithDebugInfo(root: root, binary: binary)
        }
    }

    /// BINARY has neither DWARF nor a symbol table; its .gnu_debuglink names the file ferry-dbgsym
    /// installed under usr/lib/debug/.build-id by the binary's build id, which holds both.
    static func expectStrippedWithDebugInfo(root: String, binary: String) throws {
        let path = root + "/usr/bin/" + binary
        let sections = try FerryWorld.runProgram("/usr/bin/readelf", ["-S", "-W", path]).stdout
        #expect(!sections.contains(" .debug_info ") && !sections.contains(" .symtab "), "\(binary) is stripped: \(sections)")
        let notes = try FerryWorld.runProgram("/usr/bin/readelf", ["-n", path]).stdout
        let id = try #require(notes.split(separator: "\n").first { $0.contains("Build ID: ") }?
            .split(separator: " ").last.map(String.init), "\(binary) has a build id: \(notes)")
        let name = "\(id.dropFirst(2)).debug"
        let link = try FerryWorld.runProgram("/usr/bin/readelf", ["--string-dump=.gnu_debuglink", path]).stdout
        #expect(link.contains(name), "\(binary)'s .gnu_debuglink names \(name): \(link)")
        let debug = root + "/usr/lib/debug/.build-id/\(id.prefix(2))/" + name
        let kept = try FerryWorld.runProgram("/usr/bin/readelf", ["-S", "-W", debug]).stdout
        #expect(kept.contains(" .debug_info ") && kept.contains(" .symtab "), "\(debug) holds \(binary)'s DWARF and symbols: \(kept)")
    }

    /// scripts/install --prefix: the units it writes pass `systemd-analyze verify` with nothing to
    /// filter (man finds the installed page from PATH, as for a user), and their hardening keeps
    /// the offline exposure score at 5 or under (9.8 before hardening).
    @Test(.enabled(if: ready && FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"),
                   "needs systemd-analyze and generate-manual-tool"))
    func theInstalledUnitsPassVerifyAndAreHardened() throws {
        let world = try FerryWorld()
        let prefix = world.root + "/prefix", units = prefix + "/lib/systemd/user"
        var environment = ProcessInfo.processInfo.environment
        environment["FERRY_MANUAL_TOOL"] = ShellFilesTests.manualTool
        let installed = try FerryWorld.runProgram(FerryWorld.repository + "/scripts/install",
                                                  ["--prefix", prefix, "--bin-dir", Self.binDirectory], environment: environment)
        try #require(installed.status == 0, "\(installed.stderr)")
        try FileManager.default.createDirectory(atPath: world.root + "/runtime", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let analyze = ["XDG_RUNTIME_DIR": world.root + "/runtime", "HOME": world.root, "PATH": prefix + "/bin:/usr/bin:/bin"]
        let verified = try FerryWorld.runProgram("/usr/bin/systemd-analyze", ["--user", "verify", units + "/ferryd.service", units + "/ferryd.socket"],
                                                 environment: analyze)
        #expect(verified.status == 0 && verified.stdout.isEmpty && verified.stderr.isEmpty, "\(verified.stdout)\(verified.stderr)")
        let security = try FerryWorld.runProgram("/usr/bin/systemd-analyze", ["security", "--user", "--offline=true", "--threshold=50",
                                                                              units + "/ferryd.service"], environment: analyze)
        #expect(security.status == 0, "\(security.stdout)")
    }
}
