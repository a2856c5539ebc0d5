import NIOCore

/// Body parts of an upload held until they are worth a trip to the file thread pool
/// (``StagedFile/append(_:)-([ByteBuffer])``): each trip wakes three threads, and parts come as
/// TLS decrypts them, 16 to 256 KiB each.
struct PendingBody {
    /// Bytes held before they are written: small next to what a connection's inbound buffer in NIO
    /// already holds (up to ten parts).
    static let threshold = 512 * 1024

    private(set) var buffers: [ByteBuffer] = []
    private(set) var bytes = 0

    /// Holds `buffer`; true once the parts held are worth writing.
    mutating func add(_ buffer: ByteBuffer) -> Bool {
        buffers.append(buffer)
        bytes += buffer.readableBytes
        return bytes >= Self.threshold
    }

    /// The parts held, in order; none are held afterwards.
    mutating func take() -> [ByteBuffer] {
        defer { (buffers, bytes) = ([], 0) }
        return buffers
    }
}
