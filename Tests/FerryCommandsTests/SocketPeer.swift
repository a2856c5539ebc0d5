import FerryCore
import Foundation

/// The far end of one Unix-socket connection, driven by hand in a test: what a ``LineSocket``
/// connected to it sends is read back as messages, and any line can be written to it. Single
/// threaded: the kernel buffers the few lines a test exchanges.
final class SocketPeer {
    struct SetupError: Error { var what: String }

    /// The client's side, connected to this peer.
    let client: LineSocket
    private let listener: Int32
    private let connection: Int32
    private let folder: String
    private var buffer: [UInt8] = []

    init() throws {
        folder = NSTemporaryDirectory() + "ferry-peer-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/s.sock"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8))
            raw[path.utf8.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listener, 1) == 0 else { throw SetupError(what: "cannot listen on \(path)") }
        client = try LineSocket.connect(to: path)
        let connection = accept(listener, nil, nil)
        self.connection = connection
        guard connection >= 0 else { throw SetupError(what: "accept failed") }
    }

    deinit {
        close(connection)
        close(listener)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Writes `line` and a newline to the client.
    func write(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Writes `message` as ferryd would, in protocol 2.
    func write(_ message: WireMessage) {
        let bytes = WireCodec.encode(message)
        _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Ends the connection, as ferryd does when it stops.
    func hangUp() { shutdown(connection, Int32(SHUT_RDWR)) }

    /// The next message the client sent; nil when it closed the connection first.
    func next() throws -> WireMessage? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                defer { buffer.removeSubrange(...newline) }
                return try WireCodec.decodeMessage(buffer[..<newline])
            }
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }
}
