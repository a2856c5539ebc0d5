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
        let context = try LocalSendTLS.clientContext(identity)
        let seen = PeerFingerprint()
        let expected = fingerprint?.lowercased()
        let deadPeerSeconds = self.deadPeerSeconds
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(5))
            .detectingDeadPeers(after: deadPeerSeconds)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let tls = try NIOSSLClientHandler(context: context, serverHostname: nil) { chain, promise in
                        let got = (try? chain.first?.toDERBytes()).flatMap { $0 }.map { DeviceIdentity.fingerprint(der: $0) }
                        seen.value = got
                        promise.succeed(got != nil && (expected == nil || got == expected) ? .certificateVerified : .failed)
                    }
                    try channel.pipeline.syncOperations.addDeadPeerWatchdog(after: deadPeerSeconds, silent: silent)
                    try channel.pipeline.syncOperations.addHandler(tls)
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            let http = LocalSendHTTP(host: host, port: port, inbound: inbound.makeAsyncIterator(), outbound: outbound, fingerprint: seen)
            return try await body(http)
        }
    }
}

/// One connection's requests, in order.
public final class LocalSendHTTP: @unchecked Sendable {
    let host: String
    let port: Int
    var inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator
    let outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>
    let seen: PeerFingerprint

    init(host: String, port: Int, inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator,
         outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>, fingerprint: PeerFingerprint) {
        self.host = host
        self.port = port
        self.inbound = inbound
        self.outbound = outbound
        seen = fingerprint
    }

    /// The peer certificate's fingerprint, lowercase hex.
    public var peerFingerprint: String? { seen.value }

    /// A request with a JSON (or empty) body; returns the status and the body.
    public func request(_ method: HTTPMethod, _ path: String, json: [UInt8] = []) async throws -> (Int, [UInt8]) {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: host)
        headers.add(name: "Content-Type", value: "application/json")
        headers.add(name: "Content-Length", value: "\(json.count)")
        try await outbound.write(contentsOf: [.head(HTTPRequestHead(version: .http1_1, method: method, uri: path, headers: headers)),
                                              .body(.byteBuffer(ByteBuffer(bytes: json))), .end(nil)])
        return try await response()
    }

    /// Uploads the file at `path` as the body; `progress` gets the bytes sent so far, as they go.
    public func upload(_ target: String, file path: String, size: UInt64, progress: (UInt64) async -> Void) async throws -> (Int, [UInt8]) {
        guard let file = FileReader(path: path) else {
            throw LocalSendError(400, "cannot read \(path)")
        }
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: host)
        headers.add(name: "Content-Type", value: "application/octet-stream")
        headers.add(name: "Content-Length", value: "\(size)")
        try await outbound.write(.head(HTTPRequestHead(version: .http1_1, method: .POST, uri: target, headers: headers)))
        var sent: UInt64 = 0
        while sent < size {
            let chunk = try await NIOThreadPool.singleton.runIfActive { try file.read(upTo: 1 << 20) }
            guard !chunk.isEmpty else { throw LocalSendError(400, "\(path) ended after \(sent) of \(size) bytes") }
            try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: chunk))))
            sent += UInt64(chunk.count)
            await progress(sent)
        }
        try await outbound.write(.end(nil))
        return try await response()
    }

    private func response() async throws -> (Int, [UInt8]) {
        var status = 0
        var body: [UInt8] = []
        while let part = try await inbound.next() {
            switch part {
            case .head(let head) where head.status == .continue: continue
            case .head(let head): status = Int(head.status.code)
            case .body(let buffer): if body.count < 16 << 20 { body += buffer.readableBytesView }
            case .end: return (status, body)
            }
        }
        throw LocalSendError(500, "\(host) closed the connection before answering")
    }
}
