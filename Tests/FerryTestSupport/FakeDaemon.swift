// Only test builds use it (see OffThePool.swift).
#if canImport(Testing)
import FerryProtocol
import Foundation
import Synchronization

/// A stand-in for ferryd at the edge of a unit test: a listening Unix socket that speaks the wire
/// protocol, in one of two ways.
///
/// - Answering (``init(socketPath:holdsLock:hangsUp:answers:)``): holds `<socket>.lock` as ferryd
///   does (or not, like systemd's activation socket), welcomes every `hello`, then answers each
///   request with the result in `answers` for its type (no entry: silence). With `hangsUp` it closes
///   every connection at once, as a ferryd killed a moment ago does while its last threads exit.
/// - Scripted (``init()`` and ``play(_:)``): one accepted connection, and a script of messages to
///   send and expect, played on its own thread.
public final class FakeDaemon: @unchecked Sendable {
    /// The socket path to give the client or app.
    public let socketPath: String
    /// The folder the socket is in (a fresh one for a scripted fake).
    public let folder: String
    private let listener: Int32
    private var lock: Int32 = -1
    private let ownsFolder: Bool
    private let accepted = Mutex(0)
    private let finished = DispatchSemaphore(value: 0)
    private let outcome = Mutex<(received: [WireMessage], failure: String?)>(([], nil))

    /// An answering fake at `socketPath`.
    public init(socketPath: String, holdsLock: Bool = true, hangsUp: Bool = false, answers: [String: DaemonReply.Result]) throws {
        self.socketPath = socketPath
        folder = (socketPath as NSString).deletingLastPathComponent
        ownsFolder = false
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if holdsLock {
            lock = open(socketPath + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard lock >= 0, flock(lock, LOCK_EX | LOCK_NB) == 0 else { throw PeerError("cannot lock \(socketPath).lock") }
        }
        listener = try Self.listen(at: socketPath, backlog: 8)
        Thread.detachNewThread { [self] in serve(hangsUp: hangsUp, answers: answers) }
    }

    /// A scripted fake in a fresh folder under /tmp; ``play(_:)`` starts its script.
    public init() throws {
        var template = Array("/tmp/ferry-fake-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw PeerError("mkdtemp failed") }
        folder = String(cString: made)
        socketPath = folder + "/d.sock"
        ownsFolder = true
        listener = try Self.listen(at: socketPath, backlog: 1)
    }

    deinit {
        guard ownsFolder else { return }
        close(listener)
        unlink(socketPath)
        rmdir(folder)
    }

    /// Stops an answering fake's listening and lets go of the lock.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        if lock >= 0 { close(lock) }
    }

    /// How many connections it accepted.
    public var connections: Int { accepted.withLock { $0 } }

    /// Starts `script` on its own thread; the connection closes when the script returns or throws.
    public func play(_ script: @escaping @Sendable (Peer) throws -> Void) {
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

    /// Waits for the script to end.
    ///
    /// - Returns: The messages the other side sent, and why the script failed.
    public func finish() -> (received: [WireMessage], failure: String?) {
        finished.wait()
        return outcome.withLock { $0 }
    }

    private func serve(hangsUp: Bool, answers: [String: DaemonReply.Result]) {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            accepted.withLock { $0 += 1 }
            if hangsUp {
                close(client)
                continue
            }
            Thread.detachNewThread { Self.answer(Peer(client), answers) }
        }
    }

    private static func answer(_ peer: Peer, _ answers: [String: DaemonReply.Result]) {
        while let message = try? peer.receive(timeout: -1) {
            if case .handshake(.hello) = message {
                try? peer.send(.handshake(.welcome(.init(protocol: Handshake.protocolVersion, server: "fake"))))
            } else if case .request(let request) = message, let result = answers[request.body.type] {
                try? peer.send(.reply(.init(id: request.id, .result(result))))
            }
        }
    }

    private static func listen(at path: String, backlog: Int32) throws -> Int32 {
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
        guard fd >= 0, bound == 0, Glibc.listen(fd, backlog) == 0 else { throw PeerError("cannot listen at \(path)") }
        return fd
    }
}

/// A failed expectation inside a fake daemon's script.
public struct PeerError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// One accepted connection, as the fake daemon sees it. A scripted wait gives up after five seconds.
public final class Peer {
    private let fd: Int32
    private var buffer: [UInt8] = []
    /// Every message the other side sent, in order.
    public private(set) var received: [WireMessage] = []

    init(accepting listener: Int32) throws {
        try Self.waitReadable(listener, timeout: 5000)
        fd = accept(listener, nil, nil)
        guard fd >= 0 else { throw PeerError("accept failed") }
    }

    init(_ fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// Sends a message as ferryd does.
    public func send(_ message: WireMessage) throws { try sendRaw(WireCodec.encode(message)) }

    /// Sends bytes as they are, for malformed input.
    public func sendRaw(_ bytes: [UInt8]) throws {
        let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw PeerError("send failed") }
    }

    /// The next message, or nil when the other side closed the connection.
    ///
    /// - Parameter timeout: Milliseconds to wait for each read; -1 waits for ever.
    public func receive(timeout: Int32 = 5000) throws -> WireMessage? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let message = try WireCodec.decodeMessage(buffer[..<newline])
                buffer.removeSubrange(...newline)
                received.append(message)
                return message
            }
            try Self.waitReadable(fd, timeout: timeout)
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    /// The next message, which must exist.
    public func expectMessage() throws -> WireMessage {
        guard let message = try receive() else { throw PeerError("the other side closed the connection") }
        return message
    }

    /// The next message, which must be a `hello` of `role` in this build's version.
    @discardableResult
    public func expectHello(_ role: Handshake.Hello.Role, token: String? = nil) throws -> Handshake.Hello {
        let message = try expectMessage()
        guard case .handshake(.hello(let hello)) = message, hello.role == role, hello.protocol == Handshake.protocolVersion,
              token == nil || hello.token == token else { throw PeerError("bad hello: \(message)") }
        return hello
    }

    /// Sends `welcome` after checking an app's `hello`.
    public func welcome(token: String = "tok-1", bundleId: String = "com.test.app") throws {
        try expectHello(.app, token: token)
        try send(.handshake(.welcome(.init(protocol: Handshake.protocolVersion, server: "fake", bundleId: bundleId))))
    }

    private static func waitReadable(_ fd: Int32, timeout: Int32) throws {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, timeout) == 1 else { throw PeerError("nothing to read within \(timeout) ms") }
    }
}
#endif
