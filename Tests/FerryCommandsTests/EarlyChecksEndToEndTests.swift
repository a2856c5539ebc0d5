import Foundation
import Testing
import FerryTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 29's "checks that come too late": bad input is refused before ferryd does any work,
/// with the exit code the README's table gives, and lookups of what is not there say so.
@Suite(.offThePool) struct EarlyChecksEndToEndTests {
    static let someFingerprint = String(repeating: "ab", count: 32)

    @Test func aMissingFileIsNoInputBeforeFerrydIsAsked() throws {
        let world = try FerryWorld()
        let outcome = try world.run("send", world.root + "/missing.bin", "--to", "127.0.0.1:9", "--fingerprint", Self.someFingerprint)
        #expect(outcome.status == 66)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr == "ferry: \(world.root)/missing.bin: no such file or folder; nothing was sent\n")
        #expect(world.daemonPID == nil, "ferryd was started for a send that cannot happen")
    }

    @Test func aMissingFileInsideAFolderIsFoundToo() throws {
        let world = try FerryWorld()
        let folder = world.root + "/outgoing"
        try FileManager.default.createDirectory(atPath: folder + "/inner", withIntermediateDirectories: true)
        try "x".write(toFile: folder + "/inner/a.txt", atomically: true, encoding: .utf8)
        // A dangling link is no file, and no link either at the top level, where it is followed.
        try FileManager.default.createSymbolicLink(atPath: world.root + "/dangling", withDestinationPath: world.root + "/nowhere")
        let outcome = try world.run("send", folder, world.root + "/dangling", "--to", "127.0.0.1:9", "--fingerprint", Self.someFingerprint)
        #expect(outcome.status == 66)
        #expect(outcome.stderr == "ferry: \(world.root)/dangling: no such file or folder; nothing was sent\n")
    }

    /// Root reads anything, so this one runs as `nobody` (NonRootWorld).
    @Test func anUnreadableFileIsNoInputBeforeFerrydIsAsked() throws {
        let world = try NonRootWorld()
        let path = world.world.root + "/secret.bin"
        try "secret".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
        if getuid() != 0 { try #require(access(path, R_OK) != 0) }
        let outcome = try world.run("send", path, "--to", "127.0.0.1:9", "--fingerprint", Self.someFingerprint)
        #expect(outcome.status == 66)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr == "ferry: \(path): cannot be read (Permission denied); nothing was sent\n")
        #expect(world.world.daemonPID == nil)
    }

    /// Inside a folder too, a level down; a dangling link there is the daemon's to judge.
    @Test func anUnreadableFileInsideAFolderIsNoInput() throws {
        let world = try NonRootWorld()
        let folder = world.world.root + "/outgoing"
        try FileManager.default.createDirectory(atPath: folder + "/inner", withIntermediateDirectories: true)
        try "a".write(toFile: folder + "/a.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: folder + "/nowhere")
        try "secret".write(toFile: folder + "/inner/secret.bin", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: folder + "/inner/secret.bin")
        let outcome = try world.run("send", folder, "--to", "127.0.0.1:9", "--fingerprint", Self.someFingerprint)
        #expect(outcome.status == 66)
        #expect(outcome.stderr == "ferry: \(folder)/inner/secret.bin: cannot be read (Permission denied); nothing was sent\n")
        #expect(world.world.daemonPID == nil)
    }

    @Test(arguments: ["xyz", String(repeating: "a", count: 63), String(repeating: "g", count: 64)])
    func aMalformedFingerprintIsAUsageError(_ fingerprint: String) throws {
        let world = try FerryWorld()
        let path = world.root + "/a.txt"
        try "a".write(toFile: path, atomically: true, encoding: .utf8)
        let outcome = try world.run("send", path, "--to", "127.0.0.1:9", "--fingerprint", fingerprint)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix("ferry: --fingerprint \"\(fingerprint)\" is not 64 hex digits"), "\(outcome.stderr)")
        #expect(world.daemonPID == nil)
    }

    @Test func trustAddOfAMalformedFingerprintIsAUsageError() throws {
        let world = try FerryWorld()
        let outcome = try world.run("trust", "add", "xyz", "--name", "laptop")
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix("ferry: \"xyz\" is not a fingerprint: 64 hex digits"), "\(outcome.stderr)")
        #expect(world.daemonPID == nil)
    }

    /// The id is printed once ferryd has begun: a send refused at once has nothing to cancel.
    @Test func aSendRefusedAtOnceDoesNotPrintItsID() throws {
        let world = try FerryWorld()
        world.extraEnvironment = ["FERRY_TRANSFER_PORT": "0", "FERRY_TRANSFER_HOST": "127.0.0.1"]
        let path = world.root + "/a.txt"
        try "a".write(toFile: path, atomically: true, encoding: .utf8)
        for arguments in [["--to", "127.0.0.1:9"], ["--to", "nosuchpeer"]] {
            let text = try world.run(["send", path] + arguments)
            #expect(text.status == 74, "\(text.stderr)")
            #expect(text.stdout.isEmpty, "\(text.stdout)")
            let json = try world.run(["send", path, "--json"] + arguments)
            #expect(!json.stdout.contains("\"started\""), "\(json.stdout)")
        }
    }

    @Test func anUnknownSourceAppIsUnknownApp() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        for direct in [false, true] {
            world.extraEnvironment["FERRY_NO_DAEMON"] = direct ? "1" : nil
            let outcome = try world.run("open", "--source", "com.nope", "todolist://x")
            #expect(outcome.status == 67)
            #expect(outcome.stderr.contains("no app com.nope is installed"), "\(outcome.stderr)")
        }
        #expect(world.received("com.acme.todo").isEmpty)
        #expect(try world.run("open", "--source", "com.acme.todo", "--wait", "todolist://x").status == 0)
    }

    @Test(arguments: [["open", ""], ["open", "--json", ""], ["open", "todolist://a", ""]])
    func anEmptyArgumentIsAnInvalidURL(_ arguments: [String]) throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        let outcome = try world.run(arguments)
        #expect(outcome.status == 65)
        #expect(outcome.stderr == "ferry: an empty argument is no URL or file; name one, or - to read URLs from stdin\n")
    }

    @Test func inboxOfAnUnknownAppIsAnErrorWithASuggestion() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        let typo = try world.run("inbox", "pendng")
        #expect(typo.status == 67)
        #expect(typo.stdout.isEmpty)
        #expect(typo.stderr == "ferry: no app pendng is installed and nothing arrived for it; did you mean `ferry inbox pending`? ferry apps lists the apps\n")
        let close = try world.run("inbox", "com.acme.tood")
        #expect(close.status == 67)
        #expect(close.stderr.contains("did you mean `ferry inbox com.acme.todo`?"), "\(close.stderr)")
        let far = try world.run("inbox", "com.nope")
        #expect(far.status == 67)
        #expect(far.stderr == "ferry: no app com.nope is installed and nothing arrived for it; ferry apps lists the apps\n")
        #expect(try world.run("inbox", "com.acme.todo").status == 0)
    }

    /// Nothing by that name is exit 1 (like `ferry quit` of an app not running), not 74 "a send failed".
    @Test func revokingOrCancellingWhatIsNotThereIsNotASendFailure() throws {
        let world = try FerryWorld()
        world.extraEnvironment = ["FERRY_TRANSFER_PORT": "0", "FERRY_TRANSFER_HOST": "127.0.0.1"]
        let revoke = try world.run("trust", "revoke", "nothere")
        #expect(revoke.status == 1)
        #expect(revoke.stderr == "ferry: no trusted peer is named or starts with \"nothere\"; see ferry trust\n")
        let cancel = try world.run("send", "--cancel", "badid")
        #expect(cancel.status == 1)
        #expect(cancel.stderr.hasPrefix("ferry: no send \"badid\" is running"), "\(cancel.stderr)")
        let accept = try world.run("accept", "badid")
        #expect(accept.status == 1)
        #expect(accept.stderr.hasPrefix("ferry: no offer \"badid\" is waiting"), "\(accept.stderr)")
    }
}

/// Issue 29's messages that did not say who must act or where to look.
@Suite(.offThePool) struct MessagesEndToEndTests {
    @Test func aBuiltInAppIsNotUninstalledNorItsFileBlamed() throws {
        let world = try FerryWorld()
        let outcome = try world.run("uninstall", "org.ferry.system.web")
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix("ferry: org.ferry.system.web is built into Ferry (it handles "), "\(outcome.stderr)")
        #expect(outcome.stderr.hasSuffix("and cannot be uninstalled; nothing was removed\n"))
        #expect(!outcome.stderr.contains("remove "))
        #expect(FileManager.default.fileExists(atPath: FerryWorld.repository + "/schemes/web.plist"))
    }
}
