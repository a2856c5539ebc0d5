import Foundation
import Testing
import FerryTestSupport

/// A port that does not speak TLS: one plain line naming the address, not NIOSSL's error with
/// BoringSSL's reason and a build path (issue 29).
@Suite(.offThePool) struct TLSFailureEndToEndTests {
    /// A loopback listener that answers one connection with an HTTP error, as a web server would.
    static let plainServer = """
        import socket, sys
        s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(1)
        print(s.getsockname()[1], flush=True)
        c, _ = s.accept(); c.recv(4096); c.sendall(b"HTTP/1.1 400 Bad Request\\r\\nContent-Length: 0\\r\\n\\r\\n"); c.close()
        """

    @Test func aPlainTextPortIsOnePlainLine() throws {
        let world = try FerryWorld()
        world.extraEnvironment = ["FERRY_TRANSFER_PORT": "0", "FERRY_TRANSFER_HOST": "127.0.0.1"]
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = ["-c", Self.plainServer]
        let out = Pipe()
        server.standardOutput = out
        try server.run()
        defer { if server.isRunning { server.terminate() } }
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")), let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty { line += byte }
        let port = try #require(Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        let path = world.root + "/a.txt"
        try "a".write(toFile: path, atomically: true, encoding: .utf8)
        let outcome = try world.run("send", path, "--to", "127.0.0.1:\(port)", "--fingerprint", String(repeating: "ab", count: 32))
        #expect(outcome.status == 74)
        #expect(outcome.stderr == "ferry: 127.0.0.1:\(port) failed the TLS handshake: what answers on that port does not speak TLS; "
                + "check the port (the receiver's ferryd logs it as `transfer listener`); nothing was sent\n", "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("NIOSSL") && !outcome.stderr.contains("checkouts"))
    }
}
