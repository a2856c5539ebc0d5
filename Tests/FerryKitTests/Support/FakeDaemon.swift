import FerryProtocol
import FerryKit
import Foundation
import Synchronization

/// The daemon's side of one app connection, played by a test on its own thread: a listening Unix
/// socket in a fresh folder, one accepted connection, and a script of frames to send and expect.
final class FakeDaemon: Sendable {
    /// The socket path to give the app.
    let path: String
    private let folder: String
    private let listener: Int32
    private let finished = DispatchSemaphore(value: 0)
    private let outcome = Mutex<(received: [WireFrame], failure: String?)>(([], nil))

    init() throws {
        var template = Array("/tmp/ferrykit-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw PeerError("mkdtemp failed") }
        folder = String(cString: made)
        path = folder + "/d.sock"
        listener = try Self.listen(at: path)
    }

    deinit {
        close(listener)
        unlink(path)
        rmdir(folder)
    }

    /// Starts `script` on its own thread; the connection closes when the script returns or throws.
    func play(_ script: @escaping @Sendable (Peer) throws -> Void) {
        Thread { [self] in
            defer { finished.signal() }
            do {
                let peer = try Peer(accepting: listener)
                defer { outcome.withLock { $0.received = peer.received } }
                try script(peer)
            } catch {
                outcome.withLock { $0.failure = "\(error)" }
            }
        }.start()
    }

    /// Waits for the script to end. - Returns: The frames the app sent, and why the script failed.
    func finish() -> (received: [WireFrame], failure: String?) {
        finished.wait()
        return outcome.withLock { $0 }
    }

    /// The environment the app would get from ferryd, pointing at this daemon.
    func environment(token: String = "tok-1") -> LaunchEnvironment {
        LaunchEnvironment(socketPath: path, launchToken: token, bundleIdentifier: "com.test.app",
                          containerDirectory: folder, documentsDirectory: folder + "/Documents")
    }

    private static func listen(at path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8)
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard fd >= 0, bound == 0, Glibc.listen(fd, 1) == 0 else { throw PeerError("cannot listen at \(path)") }
        return fd
    }
}

/// A failed expectation inside a fake daemon's script.
struct PeerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The accepted connection, as the fake daemon sees it. Every wait gives up after five seconds.
final class Peer {
    private let fd: Int32
    private var buffer: [UInt8] = []
    /// Every frame the app sent, in order.
    private(set) var received: [WireFrame] = []

    init(accepting listener: Int32) throws {
        try Self.waitReadable(listener)
        fd = accept(listener, nil, nil)
        guard fd >= 0 else { throw PeerError("accept failed") }
    }

    deinit { close(fd) }

    /// Sends a frame.
    func send(_ frame: WireFrame) throws { try sendRaw(WireCodec.encode(frame)) }

    /// Sends a message as ferryd does.
    func send(_ message: WireMessage) throws { try sendRaw(WireCodec.encode(message)) }

    /// Sends bytes as they are, for malformed input.
    func sendRaw(_ bytes: [UInt8]) throws {
        let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw PeerError("send failed") }
    }

    /// The next frame the app sent, or nil when it closed the connection.
    func receive() throws -> WireFrame? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let frame = try WireCodec.decode(buffer[..<newline])
                buffer.removeSubrange(...newline)
                received.append(frame)
                return frame
            }
            try Self.waitReadable(fd)
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    /// The next frame, which must exist.
    func expectFrame() throws -> WireFrame {
        guard let frame = try receive() else { throw PeerError("the app closed the connection") }
        return frame
    }

    /// Sends `welcome` after checking the app's `hello`.
    func welcome(token: String = "tok-1") throws {
        let hello = try expectFrame()
        guard hello.type == "hello", hello.role == "app", hello.protocol == WireFrame.protocolVersion, hello.token == token else {
            throw PeerError("bad hello: \(hello)")
        }
        var welcome = WireFrame(type: "welcome")
        welcome.protocol = WireFrame.protocolVersion
        welcome.server = "fake"
        welcome.bundleId = "com.test.app"
        try send(welcome)
    }

    private static func waitReadable(_ fd: Int32) throws {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 5000) == 1 else { throw PeerError("nothing to read within 5 s") }
    }
}
