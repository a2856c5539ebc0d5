import FerryCore
import FerryDiscovery
import Logging
import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// One client or app connection: the handshake, then requests (clients) or replies (apps).
struct Connection {
    let accepted: AcceptedConnection
    var channel: NIOAsyncChannel<ByteBuffer, ByteBuffer> { accepted.channel }
    let manager: AppManager
    let discovery: Discovery
    let transfers: TransferSlot
    let localSend: LocalSendLink
    let logger: Logger
    /// The protocol version agreed in the handshake, which the welcome echoes (one codec serves
    /// every version ferryd accepts).
    var version = Handshake.protocolVersion

    func serve() async {
        do {
            try await channel.executeThenClose { inbound, outbound in
                guard accepted.sameUser else {
                    try await send(.failure(WireError(.notAllowed, "ferryd serves its own user only")), outbound)
                    return
                }
                var lines = inbound.makeAsyncIterator()
                guard let first = try await next(&lines, outbound) else { return }
                let hello: Handshake.Hello
                switch Result(catching: { () throws(WireError) in try Self.checkHello(first) }) {
                case .success(let checked): hello = checked
                case .failure(let refusal): return try await send(.failure(refusal), outbound)
                }
                var speaking = self
                speaking.version = hello.protocol
                if hello.role == .app {
                    try await speaking.serveApp(token: hello.token ?? "", restoration: hello.restoration == true, &lines, outbound)
                } else {
                    // ClientWelcome has sent the welcome. One command, one registry check: a batch
                    // of URLs on this connection costs a few stats once, begun at accept.
                    _ = try? await accepted.registryChecked.get()
                    try await speaking.serveClient(&lines, outbound)
                }
            }
        } catch {
            logger.debug("connection ended", metadata: ["error": "\(error)"])
        }
    }

    /// The `hello` that must come first, in a version this ferryd speaks.
    ///
    /// - Throws: ``WireError`` to send back before closing.
    static func checkHello(_ message: WireMessage) throws(WireError) -> Handshake.Hello {
        guard case .handshake(.hello(let hello)) = message else {
            throw WireError(.malformedFrame, "the first frame must be hello")
        }
        guard Handshake.acceptedVersions.contains(hello.protocol) else { throw versionRefusal(hello.protocol) }
        return hello
    }

    /// One line that tells the user which side to upgrade.
    static func versionRefusal(_ version: Int) -> WireError {
        let ours = Handshake.protocolVersion
        let fix = version < ours
            ? "upgrade ferry (and apps built with an older FerryKit) to ferryd's release"
            : "restart ferryd so that it is the release of this ferry"
        return WireError(.unsupportedProtocol, "ferryd speaks protocol \(ours), this client protocol \(version): \(fix)")
    }

    /// The answer to an accepted `hello`, in the version the peer asked for.
    @Sendable static func welcome(bundleId: String? = nil, version: Int = Handshake.protocolVersion) -> Handshake.Welcome {
        Handshake.Welcome(protocol: version, server: "ferryd \(DaemonVersion.string)", bundleId: bundleId)
    }

    /// The next message, or nil at the end; a malformed one is answered with an error and ends the connection.
    func next(
        _ lines: inout NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator,
        _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) async throws -> WireMessage? {
        let next: ByteBuffer?
        do {
            next = try await lines.next()
        } catch is ByteToMessageDecoderError.PayloadTooLargeError {
            try? await send(.failure(WireError(.malformedFrame, "frame longer than \(WireCodec.maximumLength) bytes")), outbound)
            return nil
        } catch {
            try? await send(.failure(WireError(.malformedFrame, "the connection ended inside a frame (no newline)")), outbound)
            return nil
        }
        guard let line = next else { return nil }
        do {
            return try WireCodec.decodeMessage(line.readableBytesView)
        } catch {
            try await send(.failure(error), outbound)
            return nil
        }
    }

    func send(_ message: WireMessage, _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) async throws {
        try await outbound.write(ByteBuffer(bytes: WireCodec.encode(message)))
    }
}

/// Linux's `struct ucred`, which Glibc's module hides behind _GNU_SOURCE.
struct PeerCredentials: Sendable {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
}

/// ferryd's version, sent in `welcome`.
public enum DaemonVersion {
    public static let string = "0.1.0"
}
