import NIOCore
import NIOHTTP1

#if canImport(Glibc)
import Glibc
#endif

/// Requests and responses in order on one client connection.
struct HTTPExchange {
    var parts: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator
    let outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>
    let host: String

    /// Sends a request with a small body and reads the whole response.
    mutating func request(_ method: HTTPMethod, _ uri: String, body: [UInt8] = []) async throws -> (Int, [UInt8]) {
        var headers = headers()
        headers.add(name: "Content-Length", value: "\(body.count)")
        if !body.isEmpty { headers.add(name: "Content-Type", value: "application/json") }
        try await outbound.write(.head(HTTPRequestHead(version: .http1_1, method: method, uri: uri, headers: headers)))
        if !body.isEmpty { try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
        try await outbound.write(.end(nil))
        return try await response()
    }

    /// Streams `length` bytes of the open file `fd` from `offset` as the body of a PUT.
    mutating func upload(_ uri: String, fd: Int32, offset: UInt64, length: UInt64,
                         progress: (UInt64) -> Void) async throws -> (Int, [UInt8]) {
        var headers = headers()
        headers.add(name: "Content-Length", value: "\(length)")
        headers.add(name: "Content-Type", value: "application/octet-stream")
        headers.add(name: "Ferry-Offset", value: "\(offset)")
        do {
            try await outbound.write(.head(HTTPRequestHead(version: .http1_1, method: .PUT, uri: uri, headers: headers)))
            try await writeBody(fd: fd, offset: offset, length: length, progress: progress)
        } catch let error as TransferError {
            throw error
        } catch {
            // The receiver may have refused mid-body (a full disk) and closed: its answer says why.
            guard let early = try? await response() else { throw error }
            return early
        }
        return try await response()
    }

    private func writeBody(fd: Int32, offset: UInt64, length: UInt64, progress: (UInt64) -> Void) async throws {
        var sent: UInt64 = 0
        let chunk = 256 * 1024
        while sent < length {
            let want = Int(min(UInt64(chunk), length - sent))
            var buffer = ByteBufferAllocator().buffer(capacity: want)
            let got = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: want) { raw in
                max(0, pread(fd, raw.baseAddress, want, off_t(offset + sent)))
            }
            guard got > 0 else { throw TransferError(.failed, "the file shrank while it was being sent") }
            try await outbound.write(.body(.byteBuffer(buffer)))
            sent += UInt64(got)
            progress(UInt64(got))
        }
        try await outbound.write(.end(nil))
    }

    private func headers() -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: host)
        return headers
    }

    private mutating func response() async throws -> (Int, [UInt8]) {
        var status = 0
        var body: [UInt8] = []
        while let part = try await parts.next() {
            switch part {
            case .head(let head):
                if head.status.code == 100 { continue }
                status = Int(head.status.code)
            case .body(let buffer):
                guard body.count < 16 << 20 else { throw TransferError(.failed, "the receiver's answer is too long") }
                body += buffer.readableBytesView
            case .end:
                if status != 0 { return (status, body) }
            }
        }
        throw TransferError(.failed, "the receiver closed the connection before answering")
    }
}
