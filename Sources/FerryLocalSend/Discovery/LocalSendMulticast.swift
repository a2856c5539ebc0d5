import FerryTransfer
import FoundationEssentials
import Logging
import NIOCore
import NIOPosix

/// LocalSend's multicast discovery (§3.1): announce this device to the group, record the devices
/// that announce themselves, and answer an announcement by the peer's register endpoint, or by a
/// multicast message (`announce: false`) when that fails or too many registers run; how often
/// and whom to answer is ``AnnounceAnswers``'s decision.
public struct LocalSendMulticast: Sendable {
    let settings: LocalSendSettings
    let peers: LocalSendPeerTable
    let client: LocalSendClient
    let info: @Sendable () async -> LocalSendInfo
    let logger: Logger
    /// Seconds between announcements after the first three (at 0, 1 and 3 s).
    let interval: Double
    /// How announcements are answered: rates, deduplication, registers at once.
    let answerPolicy: AnnounceAnswers.Policy
    /// Seconds a register answer may take, connection and TLS included (default 5).
    let registerDeadline: Double

    public init(settings: LocalSendSettings, peers: LocalSendPeerTable, client: LocalSendClient, interval: Double = 30,
                answerPolicy: AnnounceAnswers.Policy = AnnounceAnswers.Policy(), registerDeadline: Double = 5,
                info: @escaping @Sendable () async -> LocalSendInfo, logger: Logger) {
        self.answerPolicy = answerPolicy
        self.registerDeadline = registerDeadline
        self.settings = settings
        self.peers = peers
        self.client = client
        self.interval = interval
        self.info = info
        self.logger = logger
    }

    typealias Datagrams = NIOAsyncChannel<AddressedEnvelope<ByteBuffer>, AddressedEnvelope<ByteBuffer>>
    typealias Outbound = NIOAsyncChannelOutboundWriter<AddressedEnvelope<ByteBuffer>>

    /// Joins the group and runs until the task is cancelled.
    ///
    /// - Throws: When the port cannot be bound or the group joined.
    public func run() async throws {
        let group = try SocketAddress(ipAddress: settings.group, port: settings.multicastPort)
        let channel = try await Self.bind(host: "0.0.0.0", port: settings.multicastPort)
        try await serve(channel, group: group) {
            guard let multicast = channel.channel as? MulticastChannel else { throw LocalSendError(500, "the UDP channel cannot join groups") }
            try await multicast.joinGroup(group).get()
            logger.info("localsend multicast", metadata: ["group": "\(settings.group):\(settings.multicastPort)"])
        }
    }

    static func bind(host: String, port: Int) async throws -> Datagrams {
        try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try Datagrams(wrappingChannelSynchronously: channel) }
            }
    }

    /// Announces to `group` and answers the datagrams `channel` receives until the task is
    /// cancelled; `prepare` runs first (joining the group). Tests pass a unicast `group`, and
    /// `answers` to read its counts.
    func serve(_ channel: Datagrams, group: SocketAddress, answers: AnswerBook? = nil,
               prepare: () async throws -> Void = {}) async throws {
        // Everything after the bind runs inside executeThenClose: a channel dropped unfinished
        // (joinGroup failing where no route reaches the group) would trap in NIOAsyncWriter.
        try await channel.executeThenClose { inbound, outbound in
            try await prepare()
            let answers = answers ?? AnswerBook(policy: answerPolicy)
            try await withThrowingDiscardingTaskGroup { tasks in
                tasks.addTask { try await announceLoop(outbound, to: group) }
                for try await envelope in inbound {
                    guard let theirs = Self.decode(envelope.data), let address = envelope.remoteAddress.ipAddress else { continue }
                    let ours = await info()
                    guard theirs.fingerprint.lowercased() != ours.fingerprint.lowercased() else { continue }
                    await peers.upsert(theirs, address: address, certificate: nil, announced: true)
                    guard theirs.announce == true else { continue }
                    let port = theirs.port ?? settings.multicastPort
                    switch answers.announce(from: address, port: port, fingerprint: theirs.fingerprint) {
                    case .register:
                        tasks.addTask { await answer(theirs, at: address, port: port, answers: answers, outbound: outbound, group: group) }
                    case .multicast:
                        try? await send(announce: false, outbound, to: group)
                    case .ignore:
                        continue
                    }
                }
                tasks.cancelAll()
            }
        }
    }

    private func announceLoop(_ outbound: Outbound, to group: SocketAddress) async throws {
        for delay in [0.0, 1, 2] {
            try await Task.sleep(for: .seconds(delay))
            try? await send(announce: true, outbound, to: group)
        }
        while !Task.isCancelled {
            try await Task.sleep(for: .seconds(interval))
            try? await send(announce: true, outbound, to: group)
        }
    }

    private func send(announce: Bool, _ outbound: Outbound, to group: SocketAddress) async throws {
        let body = LocalSendJSON.encode(await info().announcing(announce))
        try await outbound.write(AddressedEnvelope(remoteAddress: group, data: ByteBuffer(bytes: body)))
    }

    /// Answers an announcement by registering at the peer (learning its certificate on the way)
    /// within ``registerDeadline`` seconds, else by a multicast message when one is due.
    private func answer(_ theirs: LocalSendInfo, at address: String, port: Int, answers: AnswerBook, outbound: Outbound,
                        group: SocketAddress) async {
        var succeeded = true
        do {
            let declared = theirs.protocol == "https" ? theirs.fingerprint : nil
            try await Self.withDeadline(registerDeadline, what: "register at \(address):\(port)") {
                try await register(at: address, port: port, declared: declared)
            }
        } catch {
            succeeded = false
            logger.debug("localsend register answer failed", metadata: ["peer": "\(address):\(port)", "error": "\(error)"])
        }
        if answers.registerFinished(succeeded: succeeded) == .multicast { try? await send(announce: false, outbound, to: group) }
    }

    /// `body`, or a ``LocalSendError`` (504) when it takes longer than `seconds`.
    static func withDeadline(_ seconds: Double, what: String, _ body: @escaping @Sendable () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask { try await body(); return true }
            group.addTask { try await Task.sleep(for: .seconds(seconds)); return false }
            defer { group.cancelAll() }
            guard try await group.next() == true else { throw LocalSendError(504, "\(what) took longer than \(seconds) s") }
        }
    }

    /// `POST /register` at `address:port` (the spec's fallback, and `ferry peers add` for LocalSend
    /// devices): records the device under its certificate's fingerprint.
    ///
    /// - Parameter declared: The fingerprint the device announced, which its certificate must match.
    public func register(at address: String, port: Int, declared: String?) async throws {
        let ours = await info()
        let (theirs, seen) = try await client.withConnection(host: address, port: port, fingerprint: declared) { http in
            (try await http.register(ours), http.peerFingerprint)
        }
        await peers.upsert(theirs, address: address, certificate: seen)
    }

    static func decode(_ buffer: ByteBuffer) -> LocalSendInfo? {
        guard buffer.readableBytes <= 16 << 10 else { return nil }
        return try? LocalSendJSON.info(Array(buffer.readableBytesView))
    }
}
