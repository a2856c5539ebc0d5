import Crypto
import NIOCore
import NIOHTTP1
import NIOSSL

#if canImport(Glibc)
import Glibc
#endif

/// Requests and responses in order on one client connection: the client of Ferry's transfer
/// protocol and of LocalSend's API.
package struct HTTPExchange {
    var parts: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator
    let outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>
    let host: String
    /// The connection's event loop: a hop through it lets the writes before it reach the channel.
    let eventLoop: any EventLoop
    /// Upload parts not written yet: small files go out many to a flush.
    private var queued: [HTTPClientRequestPart] = []
    private var queuedBytes = 0
    private var flushed = false
    /// Whether the last answer lets the connection carry another request: false after an HTTP/1.0
    /// answer without `Connection: keep-alive`, or one saying `Connection: close`.
    package private(set) var reusable = true
    /// Whether the last request's head reached the connection; false when its first write found
    /// the connection closed, so that nothing of the request was sent (it may go on a new one).
    package private(set) var headWritten = false

    package init(parts: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator,
         outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>, host: String, eventLoop: any EventLoop) {
        self.parts = parts
        self.outbound = outbound
        self.host = host
        self.eventLoop = eventLoop
    }

    /// Sends a request with a small body and reads the whole response.
    package mutating func request(_ method: HTTPMethod, _ uri: String, body: [UInt8] = []) async throws -> (Int, [UInt8]) {
        var headers = headers()
        headers.add(name: "Content-Length", value: "\(body.count)")
        if !body.isEmpty { headers.add(name: "Content-Type", value: "application/json") }
        var parts: [HTTPClientRequestPart] = [.head(HTTPRequestHead(version: .http1_1, method: method, uri: uri, headers: headers))]
        if !body.isEmpty { parts.append(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
        parts.append(.end(nil))
        try await flush()
        headWritten = false
        try await outbound.write(contentsOf: parts)
        headWritten = true
        return try await response()
    }

    /// Sends a request with a body of `length` bytes, written part by part as `next` gives them
    /// (it is told the bytes written so far, and returns nil at the body's end), then reads the
    /// response whole.
    package mutating func request(_ method: HTTPMethod, _ uri: String, contentType: String, length: UInt64,
                                  body next: (UInt64) async throws -> ByteBuffer?) async throws -> (Int, [UInt8]) {
        var headers = headers()
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "Content-Length", value: "\(length)")
        try await flush()
        headWritten = false
        try await outbound.write(.head(HTTPRequestHead(version: .http1_1, method: method, uri: uri, headers: headers)))
        headWritten = true
        var written: UInt64 = 0
        while let buffer = try await next(written) {
            try await outbound.write(.body(.byteBuffer(buffer)))
            written += UInt64(buffer.readableBytes)
        }
        try await outbound.write(.end(nil))
        return try await response()
    }

    /// Queues `length` bytes of the open file `fd` from `offset` as the body of a PUT, without
    /// waiting for the answer: uploads are pipelined, and ``response()`` reads the answers in order
    /// (flushing first). Parts are written once 256 KiB are queued.
    ///
    /// - Parameter digestTrailer: Hash the whole file while sending (the bytes before `offset` are
    ///   read for it first) and send the SHA-256 as a `Ferry-SHA256` trailer of a chunked body.
    mutating func sendUpload(_ uri: String, fd: Int32, offset: UInt64, length: UInt64, digestTrailer: Bool = false,
                             progress: (UInt64) -> Void) async throws {
        var headers = headers()
        if digestTrailer {
            headers.add(name: "Transfer-Encoding", value: "chunked")
            headers.add(name: "Trailer", value: "Ferry-SHA256")
        } else {
            headers.add(name: "Content-Length", value: "\(length)")
        }
        headers.add(name: "Content-Type", value: "application/octet-stream")
        headers.add(name: "Ferry-Offset", value: "\(offset)")
        try await queue(.head(HTTPRequestHead(version: .http1_1, method: .PUT, uri: uri, headers: headers)), bytes: 0)
        var hasher = digestTrailer ? try Self.hashed(fd, upTo: offset) : nil
        var sent: UInt64 = 0
        while sent < length {
            let buffer = try Self.read(fd, at: offset + sent, upTo: min(UInt64(Self.chunk), length - sent))
            sent += UInt64(buffer.readableBytes)
            buffer.withUnsafeReadableBytes { hasher?.update(bufferPointer: $0) }
            try await queue(.body(.byteBuffer(buffer)), bytes: buffer.readableBytes)
            progress(UInt64(buffer.readableBytes))
        }
        let trailers = hasher.map { HTTPHeaders([("Ferry-SHA256", Array($0.finalize()).hexString)]) }
        try await queue(.end(trailers), bytes: 0)
    }

    /// Queues a batch upload (`PUT …/batch`): the whole files at `paths`, of the offered `sizes`,
    /// back to back, each followed by its SHA-256 (`Ferry-Digests: sha256`: read once, hashed as
    /// read), in body parts of about 256 KiB. Answered like ``sendUpload``.
    mutating func sendBatch(_ uri: String, ids: [String], paths: [String], sizes: [UInt64], progress: (Int) -> Void) async throws {
        var headers = headers()
        headers.add(name: "Content-Length", value: "\(sizes.reduce(0, +) + UInt64(SHA256.byteCount * sizes.count))")
        headers.add(name: "Content-Type", value: "application/octet-stream")
        headers.add(name: "Ferry-Files", value: ids.joined(separator: ","))
        headers.add(name: "Ferry-Digests", value: "sha256")
        try await queue(.head(HTTPRequestHead(version: .http1_1, method: .PUT, uri: uri, headers: headers)), bytes: 0)
        var buffer = ByteBufferAllocator().buffer(capacity: Self.chunk)
        for (index, path) in paths.enumerated() {
            try Self.append(path, size: sizes[index], to: &buffer)
            progress(index)
            if buffer.readableBytes >= Self.chunk {
                try await queue(.body(.byteBuffer(buffer)), bytes: buffer.readableBytes)
                buffer = ByteBufferAllocator().buffer(capacity: Self.chunk)
            }
        }
        if buffer.readableBytes > 0 { try await queue(.body(.byteBuffer(buffer)), bytes: buffer.readableBytes) }
        try await queue(.end(nil), bytes: 0)
    }

    /// Appends the first `size` bytes of the file at `path`, then their SHA-256.
    private static func append(_ path: String, size: UInt64, to buffer: inout ByteBuffer) throws {
        let start = buffer.writerIndex
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TransferError(.failed, "cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var done: UInt64 = 0
        while done < size {
            let want = Int(size - done)
            let got = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: want) { raw in
                max(0, pread(fd, raw.baseAddress, want, off_t(done)))
            }
            guard got > 0 else { throw TransferError(.failed, "\(path) shrank while it was being sent; send it again") }
            done += UInt64(got)
        }
        var hasher = SHA256()
        let offset = start - buffer.readerIndex
        buffer.withUnsafeReadableBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[offset...])) }
        hasher.finalize().withUnsafeBytes { buffer.writeBytes($0) }
    }

    /// A SHA-256 fed with the first `count` bytes of `fd`: the part a resumed upload does not send.
    private static func hashed(_ fd: Int32, upTo count: UInt64) throws -> SHA256 {
        var hasher = SHA256()
        var done: UInt64 = 0
        while done < count {
            let buffer = try read(fd, at: done, upTo: min(UInt64(chunk), count - done))
            buffer.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
            done += UInt64(buffer.readableBytes)
        }
        return hasher
    }

    private mutating func queue(_ part: HTTPClientRequestPart, bytes: Int) async throws {
        queued.append(part)
        queuedBytes += bytes
        if queuedBytes >= Self.chunk { try await flush() }
    }

    /// Drops the queued parts: after a failed write, to read the answers already due.
    mutating func discardQueued() {
        queued.removeAll()
        queuedBytes = 0
    }

    /// Writes the queued parts.
    mutating func flush() async throws {
        guard !queued.isEmpty else { return }
        // The writer takes parts without waiting for the channel, and learns that the channel is
        // full only once the event loop has run the earlier writes: without this hop, tens of MB of
        // chunks piled up in the event loop's queue while a large file was sent.
        if flushed { try await eventLoop.submit {}.get() }
        try await outbound.write(contentsOf: queued)
        flushed = true
        queued.removeAll(keepingCapacity: true)
        queuedBytes = 0
    }

    /// The size of the body parts of an upload.
    static let chunk = 256 * 1024

    private static func read(_ fd: Int32, at offset: UInt64, upTo want: UInt64) throws -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: Int(want))
        let got = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: Int(want)) { raw in
            max(0, pread(fd, raw.baseAddress, Int(want), off_t(offset)))
        }
        guard got > 0 else { throw TransferError(.failed, "the file shrank while it was being sent") }
        return buffer
    }

    private func headers() -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: host)
        return headers
    }

    /// Reads the next response whole (a 100 Continue is skipped).
    package mutating func response() async throws -> (Int, [UInt8]) {
        try await flush()
        var status = 0
        var body: [UInt8] = []
        var endsAtClose = false
        do {
            while let part = try await parts.next() {
                switch part {
                case .head(let head):
                    if head.status.code == 100 { continue }
                    status = Int(head.status.code)
                    reusable = head.isKeepAlive
                    endsAtClose = Self.endsAtClose(head)
                case .body(let buffer):
                    guard body.count < 16 << 20 else { throw TransferError(.failed, "the receiver's answer is too long") }
                    body += buffer.readableBytesView
                case .end:
                    if status != 0 { return (status, body) }
                }
            }
        } catch NIOSSLError.uncleanShutdown where endsAtClose {
            // Python's ssl closes without close_notify: for an answer that ends at the close, the
            // close is its end, as curl and browsers take it.
            return (status, body)
        }
        guard endsAtClose else { throw TransferError(.failed, "the receiver closed the connection before answering") }
        return (status, body)
    }

    /// Whether the answer has neither a length nor chunks, so that its body ends where the
    /// connection does (HTTP/1.0 servers answer so).
    static func endsAtClose(_ head: HTTPResponseHead) -> Bool {
        !head.isKeepAlive && !head.headers.contains(name: "Content-Length") && !head.headers.contains(name: "Transfer-Encoding")
            && head.status.code >= 200 && head.status != .noContent && head.status != .notModified
    }
}
