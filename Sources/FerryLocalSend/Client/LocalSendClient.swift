import FerryTransfer
import FoundationEssentials
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// Talks to a LocalSend device's API over HTTPS, presenting this device's certificate and, when
/// the peer's fingerprint is known, refusing any other certificate.
public struct LocalSendClient: Sendable {
    let identity: DeviceIdentity
    /// Seconds without an acknowledgement, while one is owed, after which the peer counts as gone.
    let deadPeerSeconds: Int

    public init(identity: DeviceIdentity, deadPeerSeconds: Int = DeadPeer.defaultSeconds) {
        self.identity = identity
        self.deadPeerSeconds = deadPeerSeconds
    }

    /// Runs `body` with one keep-alive connection to `host:port`.
    ///
    /// - Parameters:
    ///   - fingerprint: The certificate the peer must present (any case), or nil to learn it.
    ///   - name: The device's name for messages (its alias), else its address.
    /// - Throws: ``LocalSendError`` (495) for another certificate; a `TransferError` when the peer
    ///   stopped answering (a pulled cable: otherwise TCP waits about 15 minutes); NIO's errors when
    ///   the connection fails.
    public func withConnection<T: Sendable>(host: String, port: Int, fingerprint: String?, name: String? = nil,
                                            _ body: (LocalSendHTTP) async throws -> T) async throws -> T {
        let silent = SilentPeer()
        do {
            return try await connected(host: host, port: port, fingerprint: fingerprint, silent: silent, body)
        } catch {
            guard let seconds = silent.seconds else { throw error }
            throw TransferError(.failed, DeadPeer.stoppedAnswering(name.map { "\($0) (\(host):\(port))" } ?? "\(host):\(port)", seconds: seconds, resumable: false))
        }
    }

    private func connected<T: Sendable>(host: String, port: Int, fingerprint: String?, silent: SilentPeer,
                                        _ body: (LocalSendHTTP) async throws -> T) async throws -> T {
        let seen = PeerFingerprint()
        let expected = fingerprint?.lowercased()
        let channel = try await HTTPSConnection.open(host: host, port: port, context: try LocalSendTLS.clientContext(identity),
                                                     timeout: .seconds(5), deadPeerSeconds: deadPeerSeconds, silent: silent) { got in
            seen.value = got
            return got != nil && (expected == nil || got == expected)
        }
        return try await channel.executeThenClose { inbound, outbound in
            let exchange = HTTPExchange(parts: inbound.makeAsyncIterator(), outbound: outbound, host: host,
                                        eventLoop: channel.channel.eventLoop)
            return try await body(LocalSendHTTP(exchange: exchange, host: host, port: port, fingerprint: seen))
        }
    }
}

/// One connection's requests, in order (on the client Ferry's transfer protocol uses too).
public final class LocalSendHTTP: @unchecked Sendable {
    let host: String
    let port: Int
    var exchange: HTTPExchange
    let seen: PeerFingerprint

    init(exchange: HTTPExchange, host: String, port: Int, fingerprint: PeerFingerprint) {
        self.exchange = exchange
        self.host = host
        self.port = port
        seen = fingerprint
    }

    /// The peer certificate's fingerprint, lowercase hex.
    public var peerFingerprint: String? { seen.value }

    /// A request with a JSON (or empty) body; returns the status and the body.
    public func request(_ method: HTTPMethod, _ path: String, json: [UInt8] = []) async throws -> (Int, [UInt8]) {
        try await exchange.request(method, path, body: json)
    }

    /// Uploads the file at `path` as the body, 1 MiB a part read off the event loop; `progress`
    /// gets the bytes sent so far, as they go.
    public func upload(_ target: String, file path: String, size: UInt64, progress: (UInt64) async -> Void) async throws -> (Int, [UInt8]) {
        guard let file = FileReader(path: path) else {
            throw LocalSendError(400, "cannot read \(path)")
        }
        return try await exchange.request(.POST, target, contentType: "application/octet-stream", length: size) { sent in
            if sent > 0 { await progress(sent) }
            guard sent < size else { return nil }
            let chunk = try await NIOThreadPool.singleton.runIfActive { try file.read(upTo: 1 << 20) }
            guard !chunk.isEmpty else { throw LocalSendError(400, "\(path) ended after \(sent) of \(size) bytes") }
            return ByteBuffer(bytes: chunk)
        }
    }
}
