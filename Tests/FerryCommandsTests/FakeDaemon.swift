import FerryCore
import Foundation

/// A stand-in for ferryd in unit tests: holds `<socket>.lock` as ferryd does (or not, like
/// systemd's activation socket), answers `hello`, then each request from `answers` by type
/// (no entry: silence). Counts the connections it accepted. With `hangsUp`, it closes every
/// connection at once, as a ferryd killed a moment ago does while its last threads exit.
final class FakeDaemon: @unchecked Sendable {
    let socketPath: String
    struct SetupError: Error { var what: String }

    private let listener: Int32
    private var lock: Int32 = -1
    private let answers: [String: WireFrame]
    private let hangsUp: Bool
    private let counter = NSLock()
    private var accepted = 0

    init(socketPath: String, holdsLock: Bool = true, hangsUp: Bool = false, answers: [String: WireFrame]) throws {
        self.socketPath = socketPath
        self.answers = answers
        self.hangsUp = hangsUp
        let folder = (socketPath as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if holdsLock {
            lock = open(socketPath + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard lock >= 0, flock(lock, LOCK_EX | LOCK_NB) == 0 else { throw SetupError(what: "cannot lock \(socketPath).lock") }
        }
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(socketPath.utf8)
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listener, 8) == 0 else { throw SetupError(what: "cannot listen on \(socketPath)") }
        Thread.detachNewThread { [self] in serve() }
    }

    /// Stops listening and lets go of the lock (the serving thread holds the fake until then).
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        if lock >= 0 { close(lock) }
    }

    var connections: Int { counter.withLock { accepted } }

    private func serve() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            counter.withLock { accepted += 1 }
            if hangsUp {
                close(client)
                continue
            }
            Thread.detachNewThread { [self] in converse(client) }
        }
    }

    private func converse(_ client: Int32) {
        defer { close(client) }
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            while let newline = buffer.firstIndex(of: 10) {
                let line = buffer[..<newline]
                buffer.removeSubrange(...newline)
                guard let request = try? WireCodec.decode(line) else { return }
                var reply: WireFrame
                if request.type == "hello" {
                    reply = WireFrame(type: "welcome")
                    reply.protocol = WireFrame.protocolVersion
                } else if let answer = answers[request.type] {
                    reply = answer
                    reply.id = request.id
                } else {
                    continue
                }
                let bytes = WireCodec.encode(reply)
                _ = bytes.withUnsafeBytes { send(client, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
            }
            let count = recv(client, &chunk, chunk.count, 0)
            guard count > 0 else { return }
            buffer += chunk[..<count]
        }
    }
}
