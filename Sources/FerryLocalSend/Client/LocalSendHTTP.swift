import FerryTransfer
import NIOCore
import NIOHTTP1
import NIOPosix

/// One conversation's requests, in order, on one keep-alive connection (the client Ferry's
/// transfer protocol uses too) while the device keeps it open. A request that finds it closed
/// before anything of it was sent (the device answered HTTP/1.0 or `Connection: close`, or
/// closed an idle connection) goes on a connection of its own, once; a connection that closes
/// while a request is under way fails that request.
public final class LocalSendHTTP: @unchecked Sendable {
    let host: String
    let port: Int
    var exchange: HTTPExchange
    let dialer: LocalSendDialer
    /// Whether the first connection may still carry requests.
    private var kept = true

    init(exchange: HTTPExchange, dialer: LocalSendDialer) {
        self.exchange = exchange
        self.dialer = dialer
        host = dialer.host
        port = dialer.port
    }

    /// The peer certificate's fingerprint, lowercase hex.
    public var peerFingerprint: String? { dialer.seen.value }

    /// A request with a JSON (or empty) body; returns the status and the body.
    public func request(_ method: HTTPMethod, _ path: String, json: [UInt8] = []) async throws -> (Int, [UInt8]) {
        try await exchanging { try await $0.request(method, path, body: json) }
    }

    /// Uploads the file at `path` as the body, 1 MiB a part read off the event loop; `progress`
    /// gets the bytes sent so far, as they go.
    public func upload(_ target: String, file path: String, size: UInt64, progress: (UInt64) async -> Void) async throws -> (Int, [UInt8]) {
        guard let file = FileReader(path: path) else {
            throw LocalSendError(400, "cannot read \(path)")
        }
        return try await exchanging { exchange in
            try await exchange.request(.POST, target, contentType: "application/octet-stream", length: size) { sent in
                if sent > 0 { await progress(sent) }
                guard sent < size else { return nil }
                let chunk = try await NIOThreadPool.singleton.runIfActive { try file.read(upTo: 1 << 20) }
                guard !chunk.isEmpty else { throw LocalSendError(400, "\(path) ended after \(sent) of \(size) bytes") }
                return ByteBuffer(bytes: chunk)
            }
        }
    }

    /// `send` on the kept connection, else on a new one (see the type's summary).
    private func exchanging<T: Sendable>(_ send: (inout HTTPExchange) async throws -> T) async throws -> T {
        if kept && exchange.reusable {
            do { return try await send(&exchange) } catch where !exchange.headWritten && Self.foundClosed(error) {
                kept = false
            }
        } else {
            kept = false
        }
        return try await dialer.once(send)
    }

    /// Whether a write failed because the connection was already closed.
    static func foundClosed(_ error: any Error) -> Bool {
        switch error {
        case ChannelError.ioOnClosedChannel, ChannelError.alreadyClosed, ChannelError.outputClosed, ChannelError.eof: true
        default: false
        }
    }
}
