import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization
@testable import FerryTransfer

/// A connection to the listener that sends exactly the bytes a test writes (plain TCP, or TLS with
/// a client certificate) and keeps what comes back: for the misbehaving senders a real client
/// never is.
final class RawConnection: Sendable {
    let channel: Channel
    private let inbound: Collector

    private init(channel: Channel, inbound: Collector) {
        self.channel = channel
        self.inbound = inbound
    }

    /// A plain TCP connection: no TLS at all.
    static func tcp(port: Int) async throws -> RawConnection {
        try await connect(port: port, tls: nil)
    }

    /// A TLS 1.3 connection presenting `identity`'s certificate, taking any server certificate.
    static func tls(port: Int, identity: DeviceIdentity) async throws -> RawConnection {
        try await connect(port: port, tls: try TransferTLS.clientContext(identity))
    }

    private static func connect(port: Int, tls: NIOSSLContext?) async throws -> RawConnection {
        let collector = Collector()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(
                            try NIOSSLClientHandler(context: tls, serverHostname: nil) { _, promise in promise.succeed(.certificateVerified) })
                    }
                    try channel.pipeline.syncOperations.addHandler(collector)
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return RawConnection(channel: channel, inbound: collector)
    }

    func send(_ text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text)).get()
    }

    /// What came back so far, as text.
    var received: String { inbound.text }

    func close() async {
        try? await channel.close()
    }
}

/// Keeps the bytes a raw connection receives.
private final class Collector: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    private let bytes = Mutex<[UInt8]>([])

    var text: String { String(decoding: bytes.withLock { $0 }, as: UTF8.self) }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        bytes.withLock { $0 += buffer.readableBytesView }
    }
}
