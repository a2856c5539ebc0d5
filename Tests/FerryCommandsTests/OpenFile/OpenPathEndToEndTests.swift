import Foundation
import Testing
import FerryTestSupport

/// `ferry open PATH`: the app comes from the file's type (shared-mime-info through GIO) and the
/// user's `ferry default MIME-TYPE ID`, and gets the file's `file://` URL.
@Suite(.offThePool, .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/mime/mime.cache"), "needs the shared-mime-info database"))
struct OpenPathEndToEndTests {
    static var textPlain: [String: Any] {
        ["CFBundleDocumentTypes": [["CFBundleTypeMIMETypes": ["text/plain"], "CFBundleTypeRole": "Viewer", "LSHandlerRank": "Owner"]]]
    }

    /// A world whose MIME database is the machine's (its XDG_DATA_DIRS is a folder of its own),
    /// a notes app declaring text/plain and a folder of files.
    static func world() throws -> (FerryWorld, String) {
        let world = try FerryWorld()
        try FileManager.default.createDirectory(atPath: world.root + "/share", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: world.root + "/share/mime", withDestinationPath: "/usr/share/mime")
        try world.addRecorder("com.test.notes", schemes: ["notes"], extra: textPlain)
        let files = world.root + "/files"
        try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
        try "milk\n".write(toFile: files + "/notes.txt", atomically: true, encoding: .utf8)
        try "print('hello')\n".write(toFile: files + "/script.py", atomically: true, encoding: .utf8)
        try Data([0x00, 0xFF, 0x13, 0x37, 0x00, 0x01, 0xC0, 0xDE]).write(to: URL(fileURLWithPath: files + "/blob.bin"))
        return (world, files)
    }

    static func url(_ path: String) -> String { "file://" + URL(fileURLWithPath: path).standardizedFileURL.path }

    @Test(arguments: [false, true])
    func aTextFileAndAPythonScriptReachTheAppDeclaringTextPlain(direct: Bool) throws {
        let (world, files) = try Self.world()
        if direct { world.extraEnvironment["FERRY_NO_DAEMON"] = "1" }
        let text = try world.run(in: files, "open", "--wait", "notes.txt")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("launched com.test.notes"), "\(text.stdout)")
        // text/x-python is a text/plain: the declared supertype matches (g_content_type_is_a).
        let script = try world.run(in: files, "open", "--wait", "./script.py")
        #expect(script.status == 0, "\(script.stderr)")
        #expect(world.received("com.test.notes", count: 2) == [Self.url(files + "/notes.txt"), Self.url(files + "/script.py")])
    }

    @Test func aFileURLGoesTheSameWay() throws {
        let (world, files) = try Self.world()
        let outcome = try world.run("open", "--wait", Self.url(files + "/notes.txt"))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(world.received("com.test.notes") == [Self.url(files + "/notes.txt")])
    }

    /// A managed app is launched through ferryd with its lifecycle, and gets the file's URL in open.
    @Test func aManagedAppGetsTheFileThroughItsLifecycle() throws {
        let (world, files) = try Self.world()
        try TestManagedApp.install(in: world, "com.test.writer", scheme: "writer")
        let plistPath = world.apps + "/com.test.writer.app/Info.plist"
        var plist = try #require(try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: plistPath)),
                                                                            format: nil) as? [String: Any])
        plist["CFBundleDocumentTypes"] = [["CFBundleTypeExtensions": ["md"], "LSHandlerRank": "Owner"]]
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: URL(fileURLWithPath: plistPath))
        try "# Title\n".write(toFile: files + "/read me.md", atomically: true, encoding: .utf8)
        let outcome = try world.run(in: files, "open", "read me.md")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("launched com.test.writer"), "\(outcome.stdout)")
        let url = "file://" + URL(fileURLWithPath: files).standardizedFileURL.path + "/read%20me.md"
        #expect(world.events("com.test.writer", count: 4).contains("open " + url))
    }

    @Test func explainNamesTheTypeAndTheRule() throws {
        let (world, files) = try Self.world()
        let outcome = try world.run(in: files, "open", "--explain", "script.py")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("  handler: com.test.notes\n  type:    text/x-python"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("  rule:    document type by MIME type\n"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("declares the MIME type text/plain (text/x-python is a subtype of it)"), "\(outcome.stdout)")
        let json = try world.run(in: files, "open", "--explain", "--json", "notes.txt")
        #expect(json.stdout.contains("\"mimeType\":\"text/plain\""), "\(json.stdout)")
        #expect(json.stdout.contains("\"url\":\"\(Self.url(files + "/notes.txt"))\""), "\(json.stdout)")
    }

    /// A choice for text/plain beats the ranks, for text/plain and for its subtypes; it is kept
    /// beside the scheme choices in the same defaults.json, and --clear gives the ranks back.
    @Test func aDefaultForTextPlainRedirectsItAndItsSubtypes() throws {
        let (world, files) = try Self.world()
        try world.addRecorder("com.test.other", schemes: ["other"], extra: [
            "CFBundleDocumentTypes": [["CFBundleTypeExtensions": ["md"], "CFBundleTypeMIMETypes": ["text/plain"], "LSHandlerRank": "Alternate"]],
        ])
        #expect(try world.run("default", "notes", "com.test.notes").status == 0)
        let set = try world.run("default", "text/plain", "com.test.other")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try world.run("default", "text/plain").stdout == "text/plain: com.test.other (user default)\n")
        let saved = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: URL(fileURLWithPath: world.root + "/config/ferry/defaults.json")))
        #expect(saved == ["notes": "com.test.notes", "text/plain": "com.test.other"])
        #expect(try world.run("default", "notes").stdout == "notes: com.test.notes (user default)\n")
        #expect(try world.run(in: files, "open", "--wait", "notes.txt", "script.py").status == 0)
        #expect(world.received("com.test.other", count: 2) == [Self.url(files + "/notes.txt"), Self.url(files + "/script.py")])
        let explained = try world.run(in: files, "open", "--explain", "script.py")
        #expect(explained.stdout.contains("  rule:    user default\n"), "\(explained.stdout)")
        #expect(try world.run("default", "--clear", "text/plain").status == 0)
        #expect(try world.run("default", "text/plain").stdout == "text/plain: no default (CFBundleDocumentTypes decide)\n")
        #expect(try world.run(in: files, "open", "--wait", "notes.txt").status == 0)
        #expect(world.received("com.test.notes") == [Self.url(files + "/notes.txt")])
    }

    @Test func aDefaultNeedsAnInstalledAppThatOpensFiles() throws {
        let (world, _) = try Self.world()
        try world.addRecorder("com.test.urls", schemes: ["urls"])
        let missing = try world.run("default", "text/plain", "com.test.nope")
        #expect(missing.status == 67)
        #expect(missing.stderr == "ferry: no app com.test.nope is installed; see ferry apps\n")
        let urlOnly = try world.run("default", "text/plain", "com.test.urls")
        #expect(urlOnly.status == 64)
        #expect(urlOnly.stderr.contains("com.test.urls declares no CFBundleDocumentTypes"), "\(urlOnly.stderr)")
        #expect(!FileManager.default.fileExists(atPath: world.root + "/config/ferry/defaults.json"))
    }

    @Test(arguments: [false, true])
    func aMissingFileAndAnUnclaimedTypeSayWhatToDo(direct: Bool) throws {
        let (world, files) = try Self.world()
        if direct { world.extraEnvironment["FERRY_NO_DAEMON"] = "1" }
        let missing = try world.run(in: files, "open", "missing.txt")
        #expect(missing.status == 66)
        #expect(missing.stderr == "ferry: no such file: missing.txt\n")
        let blob = try world.run(in: files, "open", "blob.bin")
        #expect(blob.status == 69)
        #expect(blob.stderr == "ferry: no app opens application/octet-stream files (blob.bin); choose one with ferry default "
            + "application/octet-stream ID, or install an app that declares it in CFBundleDocumentTypes\n")
        // Every argument is attempted, in order, each with its line; the exit code is the first failure's.
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        let mixed = try world.run(in: files, "open", "--json", "--wait", "missing.txt", "todolist://b", "notes.txt")
        #expect(mixed.status == 66, "\(mixed.stderr)")
        let lines = mixed.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(mixed.stdout)")
        #expect(lines.first?.contains("\"message\":\"no such file: missing.txt\"") == true)
        #expect(lines.first?.contains("\"path\":\"missing.txt\"") == true)
        #expect(lines.last?.contains("\"mimeType\":\"text/plain\"") == true)
        #expect(world.received("com.acme.todo") == ["todolist://b"])
    }

    /// A file the user cannot read: one line naming it and the reason, exit 66 (as root, the
    /// command runs as nobody, for whom mode 000 means something).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func anUnreadableFileSaysSo() throws {
        let (world, files) = try Self.world()
        world.extraEnvironment["FERRY_NO_DAEMON"] = "1"
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: world.root)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: files)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: files + "/notes.txt")
        let arguments = ["open", files + "/notes.txt"]
        let outcome = getuid() == 0
            ? try FerryWorld.runProgram("/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "--", FerryWorld.binary]
                + arguments, environment: world.environment)
            : try world.run(arguments)
        #expect(outcome.status == 66, "\(outcome.stderr)")
        #expect(outcome.stderr == "ferry: cannot read \(files)/notes.txt: Permission denied\n")
        #expect(world.received("com.test.notes").isEmpty)
    }

    /// libgio is loaded (dlopen) for a path only: `ferry open URL` starts as fast as before.
    @Test func gioIsLoadedForPathsOnly() throws {
        let (world, files) = try Self.world()
        world.extraEnvironment["LD_DEBUG"] = "files"
        let url = try world.run(in: files, "open", "--explain", "notes://x")
        #expect(url.status == 0, "\(url.stderr.suffix(500))")
        #expect(!url.stderr.contains("libgio-2.0"))
        let path = try world.run(in: files, "open", "--explain", "notes.txt")
        #expect(path.stderr.contains("libgio-2.0"))
    }
}

extension FerryWorld {
    /// Runs ferry in `folder`, for relative paths; stderr goes through a file, as LD_DEBUG's can
    /// outgrow a pipe while stdout is read.
    func run(in folder: String, _ arguments: String...) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errors = root + "/stderr-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errors) }
        let out = Pipe(), err = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try err.close()
        let stderr = FileManager.default.contents(atPath: errors) ?? Data()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: String(decoding: stderr, as: UTF8.self))
    }
}
