import NIOCore
import NIOPosix

/// Whether a peer is still there.
///
/// A peer found over mDNS is asked directly: one unicast DNS query for its host's address record
/// to its mDNS responder (RFC 6762 §6.7, legacy unicast). Only a live responder that still holds
/// the record answers, so a host that lost power or whose avahi-daemon died stops answering at
/// once. A manual peer is checked with a TCP connection to its port.
enum LivenessCheck {
    static func run(_ check: PeerTable.Check, timeout: Double) async -> Bool {
        guard let target = try? SocketAddress(ipAddress: check.address, port: check.hostName == nil ? check.port : 5353) else {
            return false
        }
        let limit = TimeAmount.milliseconds(Int64(timeout * 1000))
        if let hostName = check.hostName {
            return await query(hostName, at: target, timeout: limit)
        }
        return await connect(to: target, timeout: limit)
    }

    private static func connect(to target: SocketAddress, timeout: TimeAmount) async -> Bool {
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(timeout)
                .connect(to: target).get()
            try? await channel.close().get()
            return true
        } catch {
            return false
        }
    }

    private static func query(_ hostName: String, at target: SocketAddress, timeout: TimeAmount) async -> Bool {
        let id = UInt16.random(in: 1...UInt16.max)
        guard let packet = DNSQuery.packet(id: id, name: hostName, type: target.protocol == .inet6 ? 28 : 1) else {
            return false
        }
        do {
            let bootstrap = DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            let channel = try await bootstrap.bind(host: target.protocol == .inet6 ? "::" : "0.0.0.0", port: 0).get()
            defer { channel.close(promise: nil) }
            let answered = channel.eventLoop.makePromise(of: Bool.self)
            try await channel.pipeline.addHandler(AnswerHandler(id: id, answered: answered)).get()
            let timer = channel.eventLoop.scheduleTask(in: timeout) { answered.succeed(false) }
            channel.writeAndFlush(AddressedEnvelope(remoteAddress: target, data: ByteBuffer(bytes: packet)), promise: nil)
            let result = try await answered.futureResult.get()
            timer.cancel()
            return result
        } catch {
            return false
        }
    }
}

/// Fulfils `answered` with the first datagram that answers our query.
private final class AnswerHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = AddressedEnvelope<ByteBuffer>

    let id: UInt16
    let answered: EventLoopPromise<Bool>

    init(id: UInt16, answered: EventLoopPromise<Bool>) {
        self.id = id
        self.answered = answered
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let envelope = unwrapInboundIn(data)
        if DNSQuery.answers(Array(envelope.data.readableBytesView), id: id) { answered.succeed(true) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        answered.succeed(false)
    }
}

/// Just enough DNS (RFC 1035 §4) for one question and a yes/no answer.
enum DNSQuery {
    static func packet(id: UInt16, name: String, type: UInt16) -> [UInt8]? {
        var bytes: [UInt8] = [UInt8(id >> 8), UInt8(id & 0xFF), 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]
        for label in name.split(separator: ".") {
            let utf8 = Array(label.utf8)
            guard !utf8.isEmpty, utf8.count <= 63 else { return nil }
            bytes.append(UInt8(utf8.count))
            bytes += utf8
        }
        bytes += [0, UInt8(type >> 8), UInt8(type & 0xFF), 0, 1]
        return bytes.count <= 512 ? bytes : nil
    }

    /// A response (QR set) to `id`, without error, with at least one answer.
    static func answers(_ bytes: [UInt8], id: UInt16) -> Bool {
        guard bytes.count >= 12, UInt16(bytes[0]) << 8 | UInt16(bytes[1]) == id else { return false }
        let isResponse = bytes[2] & 0x80 != 0
        let rcode = bytes[3] & 0x0F
        let answerCount = UInt16(bytes[6]) << 8 | UInt16(bytes[7])
        return isResponse && rcode == 0 && answerCount > 0
    }
}
