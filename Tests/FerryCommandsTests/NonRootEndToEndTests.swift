import Foundation
import Testing

#if canImport(Glibc)
import Glibc
import FerryTestSupport
#endif

/// Sending and receiving with `ferry` and ferryd running as a normal user, as people run them.
/// Under root, each world belongs to `nobody` and every command runs through `setpriv`; the
/// transfer socket options once needed root (SO_DEBUG), so the root-run tests missed it.
@Suite(.offThePool, .serialized) struct NonRootEndToEndTests {
    @Test func aNormalUserReceivesAfterAPlainTCPConnect() throws {
        let receiver = try NonRootWorld()
        let sender = try NonRootWorld()
        let receiverFingerprint = String(try receiver.run("trust", "self").stdout.prefix(64))
        let senderFingerprint = String(try sender.run("trust", "self").stdout.prefix(64))
        let port = try receiver.transferPort()
        #expect(try receiver.daemonUser() == receiver.uid)
        // One plain TCP connect (no TLS) once turned receiving off for good.
        try plainConnect(port: port)
        #expect(try receiver.run("trust", "add", senderFingerprint, "--name", "sender").status == 0)
        let path = sender.world.root + "/note.txt"
        try "hello".write(toFile: path, atomically: true, encoding: .utf8)
        let sent = try sender.run("send", path, "--to", "127.0.0.1:\(port)", "--fingerprint", receiverFingerprint)
        #expect(sent.status == 0, "\(sent.stderr)")
        let stored = receiver.world.documents("org.ferry.system.files") + "/Inbox/note.txt"
        #expect((try? String(contentsOfFile: stored, encoding: .utf8)) == "hello")
    }

    /// Connects to 127.0.0.1:`port` and closes at once, sending nothing.
    func plainConnect(port: Int) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        usleep(200_000)  // held open a moment, so ferryd accepts it before it closes (no sign shows the accept)
    }
}

/// A ``FerryWorld`` whose commands (and so the ferryd they start) run as a normal user: as
/// `nobody` through `setpriv` when the tests run as root, else as the tests' own user.
final class NonRootWorld: @unchecked Sendable {
    let world: FerryWorld
    let uid: uid_t

    init() throws {
        world = try FerryWorld()
        world.extraEnvironment = ["FERRY_TRANSFER_PORT": "0", "FERRY_TRANSFER_HOST": "127.0.0.1", "FERRY_TRANSFER_RESERVE": "0",
                                  "HOME": world.root]
        uid = getuid() == 0 ? 65534 : getuid()
        // ferryd makes the other folders itself, with the modes it checks (run/ only for its user).
        if getuid() == 0 { try chown(world.root) }
    }

    @discardableResult
    func run(_ arguments: String...) throws -> FerryWorld.Outcome {
        guard getuid() == 0 else { return try world.run(arguments) }
        return try FerryWorld.runProgram("/usr/bin/setpriv",
            ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "--", FerryWorld.binary] + arguments,
            environment: world.environment)
    }

    /// The transfer port ferryd wrote once bound.
    func transferPort() throws -> Int {
        var text = ""
        waitUntil("ferryd's port file") {
            text = (try? String(contentsOfFile: world.socket + ".transfer-port", encoding: .utf8)) ?? ""
            return !text.isEmpty
        }
        return try #require(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// The user ferryd runs as.
    func daemonUser() throws -> uid_t {
        let pid = try #require(world.daemonPID)
        let attributes = try FileManager.default.attributesOfItem(atPath: "/proc/\(pid)")
        return try #require((attributes[.ownerAccountID] as? NSNumber)?.uint32Value)
    }

    private func chown(_ root: String) throws {
        var paths = [root]
        if let enumerator = FileManager.default.enumerator(atPath: root) {
            for case let relative as String in enumerator { paths.append(root + "/" + relative) }
        }
        for path in paths { try #require(Glibc.lchown(path, uid, 65534) == 0) }
    }
}
