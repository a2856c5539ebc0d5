import NIOCore
import NIOPosix

/// One DNS request over UDP and its answer (RFC 1035 §4.2.1): our messages and the answers we ask
/// for fit in 512 bytes.
enum DNSExchange {
    struct Answer {
        var response: DNSMessage
        /// Our address on the way to the server: the one peers on the server's side can reach.
        var localAddress: String?
    }

    /// - Throws: ``DiscoveryError`` when there is no answer within `timeout` or it is not DNS.
    static func send(_ message: DNSMessage, to host: String, port: Int, timeout: Double) async throws(DiscoveryError) -> Answer {
        let target: SocketAddress
        do { target = try SocketAddress(ipAddress: host, port: port) } catch { throw DiscoveryError("\(host) is not an IP address of a DNS server") }
        do {
            let channel = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(to: target).get()
            defer { channel.close(promise: nil) }
            let answered = channel.eventLoop.makePromise(of: [UInt8].self)
            try await channel.pipeline.addHandler(ResponseHandler(id: message.id, answered: answered)).get()
            let timer = channel.eventLoop.scheduleTask(in: .milliseconds(Int64(timeout * 1000))) {
                answered.fail(DiscoveryError("no answer from the DNS server \(host):\(port) within \(timeout) s"))
            }
            defer { timer.cancel() }
            try await channel.writeAndFlush(AddressedEnvelope(remoteAddress: target, data: ByteBuffer(bytes: message.bytes))).get()
            let bytes = try await answered.futureResult.get()
            return Answer(response: try DNSMessage(decoding: bytes), localAddress: channel.localAddress?.ipAddress)
        } catch let error as DiscoveryError {
            throw error
        } catch let error as DNSWireError {
            throw DiscoveryError("the DNS server \(host):\(port) answered with a \(error)")
        } catch {
            throw DiscoveryError("cannot reach the DNS server \(host):\(port): \(error)")
        }
    }
}

/// Fulfils `answered` with the first datagram whose id is ours.
private final class ResponseHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = AddressedEnvelope<ByteBuffer>

    let id: UInt16
    let answered: EventLoopPromise<[UInt8]>

    init(id: UInt16, answered: EventLoopPromise<[UInt8]>) {
        self.id = id
        self.answered = answered
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = Array(unwrapInboundIn(data).data.readableBytesView)
        if bytes.count >= 2, UInt16(bytes[0]) << 8 | UInt16(bytes[1]) == id { answered.succeed(bytes) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        answered.fail(DiscoveryError("the DNS server is unreachable: \(error)"))
    }
}

extension DNSExchange {
    /// The address this host uses toward `host`, with nothing sent (a connected UDP socket's own address).
    static func localAddress(toward host: String, port: Int) async throws(DiscoveryError) -> String {
        do {
            let target = try SocketAddress(ipAddress: host, port: port)
            let channel = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(to: target).get()
            defer { channel.close(promise: nil) }
            guard let address = channel.localAddress?.ipAddress else { throw DiscoveryError("no local address") }
            return address
        } catch {
            throw DiscoveryError("no route to the DNS server \(host): \(error)")
        }
    }
}

/// How the publisher reaches the DNS server: UDP in ferryd, a stand-in in its unit tests.
struct WideAreaTransport: Sendable {
    var exchange: @Sendable (DNSMessage, _ host: String, _ port: Int) async throws(DiscoveryError) -> DNSMessage
    var localAddress: @Sendable (_ host: String, _ port: Int) async throws(DiscoveryError) -> String

    static let udp = WideAreaTransport(
        exchange: { message, host, port throws(DiscoveryError) in
            try await DNSExchange.send(message, to: host, port: port, timeout: 2).response
        },
        localAddress: { host, port throws(DiscoveryError) in try await DNSExchange.localAddress(toward: host, port: port) })
}
