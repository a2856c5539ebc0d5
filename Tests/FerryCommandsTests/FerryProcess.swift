import Foundation

/// Runs the built `ferry` binary in a world of its own: temporary apps, data and config folders.
/// Unchecked Sendable: its state is set up before any concurrent use and only read afterwards.
final class FerryWorld: @unchecked Sendable {
    let root: String
    var apps: String { root + "/apps" }
    /// More variables for ferry and the ferryd it starts (watchdog, suspend delay...).
    var extraEnvironment: [String: String] = [:]

    init() throws {
        root = NSTemporaryDirectory() + "ferry-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: apps, withIntermediateDirectories: true)
    }

    deinit {
        stopDaemon()
        // FERRY_E2E_KEEP=1 keeps the world (ferryd's log under state/) to look at a failure.
        guard ProcessInfo.processInfo.environment["FERRY_E2E_KEEP"] == nil else { return }
        try? FileManager.default.removeItem(atPath: root)
    }

    var socket: String { root + "/run/ferryd.sock" }

    /// The pid of this world's ferryd, from its lock file.
    var daemonPID: pid_t? {
        guard let text = try? String(contentsOfFile: socket + ".lock", encoding: .utf8) else { return nil }
        return pid_t(text)
    }

    /// Stops this world's ferryd (it terminates its apps) and waits for it, by pid.
    func stopDaemon() {
        guard let pid = daemonPID, isAlive(pid) else { return }
        kill(pid, SIGTERM)
        for _ in 0..<500 where isAlive(pid) { usleep(10_000) }
        if isAlive(pid) { kill(pid, SIGKILL) }
    }

    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["FERRY_TEST_BINARY"] { return path }
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [here, here.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("ferry").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return Bundle.main.bundleURL.appendingPathComponent("ferry").path
    }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["FERRY_APPS_PATH"] = apps
        environment["XDG_DATA_HOME"] = root + "/data"
        environment["XDG_CONFIG_HOME"] = root + "/config"
        environment["FERRY_SCHEMES_DIR"] = Self.repository + "/schemes"
        environment["FERRY_SOCKET"] = socket
        environment["XDG_STATE_HOME"] = root + "/state"
        // The desktop side too: no stray .desktop file or mimeapps.list of the machine takes part.
        environment["XDG_DATA_DIRS"] = root + "/share"
        environment["XDG_CONFIG_DIRS"] = root + "/etc"
        environment.removeValue(forKey: "XDG_CURRENT_DESKTOP")
        environment["FERRY_DAEMON"] = URL(fileURLWithPath: Self.binary).deletingLastPathComponent().appendingPathComponent("ferryd").path
        // The LAN is the test bed's business (Tests/LAN); here ferryd announces nothing and listens on no port.
        environment["FERRY_DISCOVERY"] = "off"
        // No test ferryd posts to the desktop of whoever runs the tests (DesktopSession turns them on).
        environment["FERRY_NOTIFICATIONS"] = "off"
        environment.removeValue(forKey: "FERRY_NO_DAEMON")
        environment.merge(extraEnvironment) { $1 }
        return environment
    }

    static var repository: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    func documents(_ bundleIdentifier: String) -> String {
        root + "/data/ferry/Containers/\(bundleIdentifier)/Documents"
    }

    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil) throws -> Outcome {
        try run(arguments, stdin: stdin)
    }

    func run(_ arguments: [String], stdin: String? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Installs a `.app` whose handler appends each URL it gets, NUL-terminated, to `Documents/urls`.
    func addRecorder(_ identifier: String, schemes: [String], rank: String = "Default", name: String? = nil,
                     extra: [String: Any] = [:]) throws {
        let bundle = apps + "/" + (name ?? identifier) + ".app"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        let script = "#!/bin/sh\nprintf '%s\\0' \"$@\" >> \"$FERRY_DOCUMENTS/urls\"\nprintf '%s\\n' \"$FERRY_SOURCE_APPLICATION\" > \"$FERRY_DOCUMENTS/source\"\nexit ${RECORDER_STATUS:-0}\n"
        try script.write(toFile: bundle + "/record", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle + "/record")
        var plist: [String: Any] = [
            "CFBundleIdentifier": identifier, "CFBundleExecutable": "record",
            "CFBundleURLTypes": [["CFBundleURLSchemes": schemes, "LSHandlerRank": rank]],
        ]
        plist.merge(extra) { $1 }
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        try data.write(to: URL(fileURLWithPath: bundle + "/Info.plist"))
    }

    /// The URLs the recorder `identifier` received, waiting briefly for handlers started without --wait.
    func received(_ identifier: String, count: Int = 1) -> [String] {
        let file = documents(identifier) + "/urls"
        for _ in 0..<200 {
            if let data = FileManager.default.contents(atPath: file) {
                let urls = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                if urls.count >= count { return urls }
            }
            usleep(10_000)
        }
        return []
    }
}

extension FerryWorld {
    /// Runs any program to its end with stdin closed, keeping its output (not only ferry).
    static func runProgram(_ program: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return .init(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                     stderr: String(decoding: stderr, as: UTF8.self))
    }
}
