import FerryTransfer
import Foundation
import Logging
import NIOCore
import NIOPosix

/// LocalSend's multicast discovery (§3.1): announce this device to the group, record the devices
/// that announce themselves, and answer an announcement by the peer's register endpoint, or by a
/// multicast message (`announce: false`) when that fails.
public struct LocalSendMulticast: Sendable {
    let settings: LocalSendSettings
    let peers: LocalSendPeerTable
    let client: LocalSendClient
    let info: @Sendable () async -> LocalSendInfo
    let logger: Logger
    /// Seconds between announcements after the first three (at 0, 1 and 3 s).
    let interval: Double

    public init(settings: LocalSendSettings, peers: LocalSendPeerTable, client: LocalSendClient, interval: Double = 30,
                info: @escaping @Sendable () async -> LocalSendInfo, logger: Logger) {
        self.settings = settings
        self.peers = peers
        self.client = client
        self.interval = interval
        self.info = info
        self.logger = logger
    }

    typealias Datagrams = NIOAsyncChannel<AddressedEnvelope<ByteBuffer>, AddressedEnvelope<ByteBuffer>>

    /// Joins the group and runs until the task is cancelled.
    ///
    /// - Throws: When the port cannot be bound or the group joined.
    public func run() async throws {
        let group = try SocketAddress(ipAddress: settings.group, port: settings.multicastPort)
        let channel: Datagrams = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "0.0.0.0", port: settings.multicastPort) { channel in
                channel.eventLoop.makeCompletedFuture { try Datagrams(wrappingChannelSynchronously: channel) }
            }
        guard let multicast = channel.channel as? MulticastChannel else { throw LocalSendError(500, "the UDP channel cannot join groups") }
        try await multicast.joinGroup(group).get()
        logger.info("localsend multicast", metadata: ["group": "\(settings.group):\(settings.multicastPort)"])
        try await channel.executeThenClose { inbound, outbound in
            try await withThrowingDiscardingTaskGroup { tasks in
                tasks.addTask { try await announceLoop(outbound, to: group) }
                for try await envelope in inbound {
                    guard let theirs = Self.decode(envelope.data), let address = envelope.remoteAddress.ipAddress else { continue }
                    let ours = await info()
                    guard theirs.fingerprint.lowercased() != ours.fingerprint.lowercased() else { continue }
                    await peers.upsert(theirs, address: address, certificate: nil)
                    if theirs.announce == true {
                        tasks.addTask { await answer(theirs, at: address, outbound: outbound, group: group) }
                    }
                }
                tasks.cancelAll()
            }
        }
    }

    private func announceLoop(_ outbound: NIOAsyncChannelOutboundWriter<AddressedEnvelope<ByteBuffer>>, to group: SocketAddress) async throws {
        for delay in [0.0, 1, 2] {
            try await Task.sleep(for: .seconds(delay))
            try? await send(announce: true, outbound, to: group)
        }
        while !Task.isCancelled {
            try await Task.sleep(for: .seconds(interval))
            try? await send(announce: true, outbound, to: group)
        }
    }

    private func send(announce: Bool, _ outbound: NIOAsyncChannelOutboundWriter<AddressedEnvelope<ByteBuffer>>, to group: SocketAddress) async throws {
        let body = LocalSendJSON.encode(await info().announcing(announce))
        try await outbound.write(AddressedEnvelope(remoteAddress: group, data: ByteBuffer(bytes: body)))
    }

    /// Answers an announcement by registering at the peer (learning its certificate on the way),
    /// else by a multicast message.
    private func answer(_ theirs: LocalSendInfo, at address: String, outbound: NIOAsyncChannelOutboundWriter<AddressedEnvelope<ByteBuffer>>,
                        group: SocketAddress) async {
        do {
            try await register(at: address, port: theirs.port ?? settings.multicastPort, declared: theirs.protocol == "https" ? theirs.fingerprint : nil)
        } catch {
            logger.debug("localsend register answer failed; answering by multicast", metadata: ["peer": "\(address)", "error": "\(error)"])
            try? await send(announce: false, outbound, to: group)
        }
    }

    /// `POST /register` at `address:port` (the spec's fallback, and `ferry peers add` for LocalSend
    /// devices): records the device under its certificate's fingerprint.
    ///
    /// - Parameter declared: The fingerprint the device announced, which its certificate must match.
    public func register(at address: String, port: Int, declared: String?) async throws {
        let body = LocalSendJSON.encode(await info().announcing(nil))
        let (status, reply, seen) = try await client.withConnection(host: address, port: port, fingerprint: declared) { http in
            let (status, reply) = try await http.request(.POST, "/api/localsend/v2/register", json: body)
            return (status, reply, http.peerFingerprint)
        }
        guard status == 200 else { throw LocalSendError(status, "\(address):\(port) answered register with HTTP \(status)") }
        await peers.upsert(try LocalSendJSON.info(reply), address: address, certificate: seen)
    }

    static func decode(_ buffer: ByteBuffer) -> LocalSendInfo? {
        guard buffer.readableBytes <= 16 << 10 else { return nil }
        return try? LocalSendJSON.info(Array(buffer.readableBytesView))
    }
}
