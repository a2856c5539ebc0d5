import Foundation
import Testing
import FerryTestSupport

@Suite(.offThePool) struct CommandsEndToEndTests {
    @Test func defaultChoosesAndDoctorReportsConflicts() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.b", schemes: ["todolist"])
        try world.addRecorder("com.a", schemes: ["todolist"])
        let doctor = try world.run("doctor")
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("scheme todolist: conflict: com.a, com.b tie; com.a wins by tie-break\n  fix: ferry default todolist BUNDLE-ID"))
        let schemes = try world.run("schemes")
        #expect(schemes.stdout.contains("todolist  com.a"))
        #expect(try world.run("default", "todolist", "com.b").status == 0)
        #expect(try world.run("default", "todolist").stdout == "todolist: com.b (user default)\n")
        #expect(try world.run("open", "--wait", "todolist://x").status == 0)
        #expect(world.received("com.b") == ["todolist://x"])
        #expect(try world.run("doctor").stdout.contains("conflict") == false)
    }

    @Test func defaultRefusesReservedUnknownAndUndeclared() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.a", schemes: ["todolist", "http"])
        #expect(try world.run("default", "http", "com.a").stderr == "ferry: http: is reserved for the system handler and cannot be reassigned\n")
        #expect(try world.run("default", "todolist", "com.nope").status == 67)
        #expect(try world.run("default", "other", "com.a").stderr.contains("does not declare other: in CFBundleURLTypes"))
        #expect(try world.run("default", "to do", "com.a").status == 64)
    }

    @Test func aCorruptDefaultsFileIsNamedAndNeverOverwritten() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.a", schemes: ["todolist"])
        try FileManager.default.createDirectory(atPath: world.root + "/config/ferry", withIntermediateDirectories: true)
        try "{oops".write(toFile: world.root + "/config/ferry/defaults.json", atomically: true, encoding: .utf8)
        let outcome = try world.run("default", "todolist", "com.a")
        #expect(outcome.status == 78)
        #expect(outcome.stderr.contains("config/ferry/defaults.json: is not a JSON object"))
        #expect(try String(contentsOfFile: world.root + "/config/ferry/defaults.json", encoding: .utf8) == "{oops")
    }

    @Test func installValidatesThenUninstallRemoves() throws {
        let world = try FerryWorld()
        let source = try FerryWorld()
        try source.addRecorder("com.acme.todo", schemes: ["todolist"], name: "todo")
        let apps = world.apps
        try FileManager.default.removeItem(atPath: apps)
        let installed = try world.run("install", source.apps + "/todo.app")
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(FileManager.default.fileExists(atPath: apps + "/todo.app/Info.plist"))
        #expect(try world.run("install", source.apps + "/todo.app").status == 73)
        #expect(try world.run("install", "--force", source.apps + "/todo.app/").status == 0)
        #expect(try world.run("open", "--wait", "todolist://x").status == 0)
        #expect(try world.run("uninstall", "com.acme.todo").status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: apps).isEmpty)
        #expect(try world.run("uninstall", "com.acme.todo").status == 67)
    }

    @Test func installRefusesABadManifestAndInstallsNothing() throws {
        let world = try FerryWorld()
        let source = try FerryWorld()
        try source.addRecorder("com.acme.todo", schemes: ["to do"], name: "todo")
        let outcome = try world.run("install", source.apps + "/todo.app")
        #expect(outcome.status == 78)
        #expect(outcome.stderr == "ferry: \(source.apps)/todo.app/Info.plist: CFBundleURLTypes[0].CFBundleURLSchemes[0]: \"to do\" is not a valid scheme (a letter, then letters, digits, \"+\", \"-\" or \".\")\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: world.apps).isEmpty)
    }

    @Test func canOpenHonoursTheFirstFiftyQueriesSchemes() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.a", schemes: ["todolist"])
        let many = (0..<50).map { "q\($0)" } + ["todolist"]
        try world.addRecorder("com.asker", schemes: ["asker"], extra: ["LSApplicationQueriesSchemes": many])
        try world.addRecorder("com.polite", schemes: ["polite"], extra: ["LSApplicationQueriesSchemes": ["todolist", "nobody"]])
        #expect(try world.run("can-open", "todolist://x").stdout == "yes: com.a handles todolist:\n")
        let asker = try world.run("can-open", "--from", "com.asker", "todolist://x")
        #expect(asker.status == 1)
        #expect(asker.stderr.contains("lists 51 schemes in LSApplicationQueriesSchemes; only the first 50 count"))
        #expect(try world.run("can-open", "--from", "com.polite", "todolist://x").status == 0)
        #expect(try world.run("can-open", "--from", "com.polite", "nobody:x").stdout == "no: no app handles nobody:\n")
        #expect(try world.run("can-open", "bad url").status == 65)
    }

    @Test func listingsHaveJSON() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.a", schemes: ["todolist"])
        let apps = (try JSONSerialization.jsonObject(with: Data(try world.run("apps", "--json").stdout.utf8)) as? [String: Any])?["apps"] as? [[String: Any]]
        #expect(apps?.first?["bundleIdentifier"] as? String == "com.a")
        let schemes = try JSONSerialization.jsonObject(with: Data(try world.run("schemes", "--json").stdout.utf8)) as? [[String: Any]]
        let http = schemes?.first { $0["scheme"] as? String == "http" }
        #expect(http?["handler"] as? String == "org.ferry.system.web")
        #expect(http?["rule"] as? String == "reserved")
    }

    @Test func doctorNamesBrokenManifestsAndShadowedApps() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.a", schemes: ["to do"])
        let outcome = try world.run("doctor", "--json")
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("CFBundleURLTypes[0].CFBundleURLSchemes[0]"))
    }
}

@Suite(.offThePool) struct ExplainEndToEndTests {
    @Test func explainNamesTheRuleAndOpensNothing() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.b", schemes: ["todolist"])
        try world.addRecorder("com.a", schemes: ["todolist"], rank: "Owner")
        let outcome = try world.run("open", "--explain", "todolist://x", "https://example.org")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("todolist://x\n  handler: com.a\n  rule:    rank\n  why:     com.a has the highest LSHandlerRank (Owner)"))
        #expect(outcome.stdout.contains("  claims:  com.a (Owner), com.b (Default)"))
        #expect(outcome.stdout.contains("https://example.org\n  handler: org.ferry.system.web\n  rule:    reserved"))
        #expect(world.daemonPID == nil)
        #expect(!FileManager.default.fileExists(atPath: world.documents("com.a") + "/urls"))
        let missing = try world.run("open", "--explain", "--json", "nosuch://x")
        #expect(missing.status == 69)
        #expect(missing.stdout.contains("\"reason\":\"no installed app claims nosuch: with a rank above None\""))
    }
}

@Suite(.offThePool) struct CompletionScriptTests {
    /// argument-parser generates the scripts; bash must load the bash one and register `ferry`.
    @Test func theBashCompletionScriptLoads() throws {
        let world = try FerryWorld()
        let script = try world.run("--generate-completion-script", "bash")
        #expect(script.status == 0)
        let file = world.root + "/ferry.bash"
        try script.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-c", "source \"$1\" && complete -p ferry", "bash", file]
        let out = Pipe()
        bash.standardOutput = out
        try bash.run()
        bash.waitUntilExit()
        #expect(bash.terminationStatus == 0)
        #expect(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains("-F _ferry ferry"))
    }
}
