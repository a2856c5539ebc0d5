#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking Unix-socket connection that speaks newline-delimited ``WireMessage``s.
///
/// For the lean sides of the protocol — the `ferry` CLI and apps built with FerryKit — where a
/// NIO event loop would cost more start-up time than the whole exchange.
public final class LineSocket {
    /// The socket's file descriptor, for callers that poll several sources.
    public let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    private var scanned = 0

    private init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    deinit { close(fileDescriptor) }

    /// Connects to the Unix socket at `path`.
    ///
    /// - Throws: ``WireError`` with code `connection-closed` and the system's reason.
    public static func connect(to path: String) throws(WireError) -> LineSocket {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw WireError(.connectionClosed, "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw WireError(.connectionClosed, "\(path): socket path too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard status == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw WireError(.connectionClosed, "\(path): \(reason)")
        }
        // The peer may hand us programs to start: it must run as us.
        guard peerUID(fd) == getuid() else {
            close(fd)
            throw WireError(.notAllowed, "\(path): the process behind this socket runs as another user; refusing it")
        }
        return LineSocket(fileDescriptor: fd)
    }

    /// The uid of the process at the other end (`SO_PEERCRED`), or nil when it cannot be read.
    private static func peerUID(_ fd: Int32) -> uid_t? {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; }; hidden from Swift behind _GNU_SOURCE.
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return credentials.1
    }

    /// Sends bytes that already hold whole frames.
    public func write(_ bytes: [UInt8]) throws(WireError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { throw WireError(.connectionClosed, "send: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    private var fd: Int32 { fileDescriptor }

    /// Sends one message.
    public func send(_ message: WireMessage) throws(WireError) {
        try write(WireCodec.encode(message))
    }

    /// Waits for the next message; nil when the peer closed the connection.
    ///
    /// - Parameter timeout: Milliseconds to wait; nil waits for ever.
    /// - Throws: ``WireError``: `timed-out`, or `malformed-frame` for a bad line.
    public func receiveMessage(timeout: Int32? = nil) throws(WireError) -> WireMessage? {
        try receiveLine(timeout: timeout) { line throws(WireError) in try WireCodec.decodeMessage(line) }
    }

    /// Waits for the next line as it came, newline left off; nil when the peer closed the connection.
    ///
    /// - Parameter timeout: Milliseconds to wait; nil waits for ever.
    public func receiveLine(timeout: Int32? = nil) throws(WireError) -> [UInt8]? {
        try receiveLine(timeout: timeout) { line in Array(line) }
    }

    private func receiveLine<T>(timeout: Int32?, _ decode: (ArraySlice<UInt8>) throws(WireError) -> T) throws(WireError) -> T? {
        while true {
            if let newline = Self.newline(in: buffer, from: scanned) {
                let line = buffer[..<newline]
                defer {
                    buffer.removeSubrange(...newline)
                    scanned = 0
                }
                return try decode(line)
            }
            scanned = buffer.count
            guard buffer.count < WireCodec.maximumLength else {
                throw WireError(.malformedFrame, "frame longer than \(WireCodec.maximumLength) bytes")
            }
            guard try fill(timeout: timeout) else { return nil }
        }
    }

    /// The index of the first newline at or after `start` (memchr: large frames carry state).
    private static func newline(in buffer: [UInt8], from start: Int) -> Int? {
        buffer.withUnsafeBytes { raw in
            guard start < raw.count, let found = memchr(raw.baseAddress! + start, 0x0A, raw.count - start) else { return nil }
            return raw.baseAddress!.distance(to: UnsafeRawPointer(found))
        }
    }

    /// Whether a whole frame is already buffered, so `receive` will not block.
    public var hasBufferedFrame: Bool { buffer.contains(0x0A) }

    private func fill(timeout: Int32?) throws(WireError) -> Bool {
        if let timeout {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, timeout)
            if ready == 0 { throw WireError(.timedOut, "no answer within \(timeout) ms") }
        }
        // Receive straight into the buffer's tail: large frames (saved state) arrive without a
        // copy per read.
        let before = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: 65_536))
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress! + before, 65_536, 0) }
            if count < 0 && errno == EINTR { continue }
            buffer.removeLast(65_536 - max(count, 0))
            guard count >= 0 else { throw WireError(.connectionClosed, "recv: \(String(cString: strerror(errno)))") }
            return count > 0
        }
    }
}

/// Where the daemon's socket lives.
public enum DaemonSocket {
    /// Why the socket's folder cannot be trusted, if it cannot: it must be a real folder (not a
    /// symlink) owned by this user and closed to others, or someone else could plant a socket there.
    public static func problem(withFolderOf socketPath: String) -> String? {
        let folder = String(socketPath[..<(socketPath.lastIndex(of: "/") ?? socketPath.startIndex)])
        var info = stat()
        guard lstat(folder, &info) == 0 else { return nil }
        if (info.st_mode & S_IFMT) != S_IFDIR { return "\(folder) is not a folder" }
        if info.st_uid != getuid() { return "\(folder) belongs to uid \(info.st_uid), not to you" }
        if info.st_mode & 0o077 != 0 { return "\(folder) is open to other users (mode \(String(info.st_mode & 0o777, radix: 8)))" }
        return nil
    }

    /// `$FERRY_SOCKET`, else `$XDG_RUNTIME_DIR/ferry/ferryd.sock`, else `/tmp/ferry-UID/ferryd.sock`.
    public static func path(environment: [String: String]) -> String {
        path { environment[$0] }
    }

    /// ``path(environment:)`` with each variable read by `variable`.
    public static func path(variable: (String) -> String?) -> String {
        if let path = variable("FERRY_SOCKET"), !path.isEmpty { return path }
        if let runtime = variable("XDG_RUNTIME_DIR"), runtime.hasPrefix("/") { return runtime + "/ferry/ferryd.sock" }
        return "/tmp/ferry-\(getuid())/ferryd.sock"
    }
}
