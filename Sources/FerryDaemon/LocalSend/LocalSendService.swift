import FerryCore
import FerryLocalSend
import FerryTransfer
import Logging
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// LocalSend inside ferryd: its HTTPS API on the transfer service's receiver (one set of pending
/// offers, one trust store, one staging area) and its multicast discovery. A port that cannot be
/// bound is logged and leaves ferryd running without LocalSend.
struct LocalSendService: Service {
    let configuration: DaemonConfiguration
    /// The transfer service's hub: its receiver, identity and name.
    let transfers: TransferSlot
    /// The peer table this service fills and the socket server reads.
    let link: LocalSendLink
    let logger: Logger

    func run() async throws {
        let settings = configuration.localSend
        unlink(configuration.localSendPortFile)
        defer { unlink(configuration.localSendPortFile) }
        guard let port = settings.port, let hub = await transfers.hub(), let receiver = hub.receiver else {
            return try await gracefulShutdown()
        }
        do {
            let staging = try StagingArea(directory: configuration.paths.dataHome + "/transfer/staging")
            let sessions = LocalSendSessions(receiver: receiver, staging: staging, limits: settings.limits, pin: settings.pin,
                                             gone: link.goneOffers, logger: logger)
            let peers = link.peers
            await peers.setOwnFingerprint(hub.identity.fingerprint)
            let trust = hub.trust
            await peers.setTrusted { Set(((try? trust.load()) ?? []).map(\.fingerprint)) }
            let info = LocalSendSelf(name: hub.senderName, identity: hub.identity, settings: settings, port: port, shares: link.shares)
            let server = LocalSendServer(host: settings.host, port: port, identity: hub.identity, sessions: sessions, peers: peers,
                                         limits: settings.limits, shares: link.shares, info: info.describe, logger: logger)
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask {
                    try await server.run(onBound: { port in
                        info.port.withLock { $0 = port }
                        await link.shares.setPort(port)
                        try? FileSystem.writeAtomically(Array("\(port)\n".utf8), to: configuration.localSendPortFile, mode: 0o644)
                    }, untilShutdown: { try? await gracefulShutdown() })
                }
                guard settings.multicast else { return }
                group.addTask {
                    let multicast = LocalSendMulticast(settings: settings, peers: peers, client: LocalSendClient(identity: hub.identity),
                                                       info: info.describe, logger: logger)
                    do { try await cancelWhenGracefulShutdown { try await multicast.run() } } catch {
                        Self.multicastEnded(error, logger: logger)
                    }
                }
            }
        } catch {
            logger.error("localsend is off", metadata: ["error": "\(error)"])
            try await gracefulShutdown()
        }
    }
}

extension LocalSendService {
    /// Multicast discovery ended with `error`. The cancellation of a graceful shutdown is its
    /// normal end: a clean `kill -TERM` logs no error. Anything else turns discovery off, said once.
    static func multicastEnded(_ error: any Error, logger: Logger) {
        guard !(error is CancellationError) else { return }
        logger.error("localsend multicast discovery is off", metadata: ["error": "\(error)"])
    }
}

/// This device as LocalSend peers see it.
final class LocalSendSelf: Sendable {
    let name: String
    let identity: DeviceIdentity
    let settings: LocalSendSettings
    /// The API's port: the configured one until it is bound.
    let port: Mutex<Int>
    /// `download` is true while a web share is open.
    let shares: LocalSendShares

    init(name: String, identity: DeviceIdentity, settings: LocalSendSettings, port: Int, shares: LocalSendShares) {
        self.shares = shares
        self.name = name
        self.identity = identity
        self.settings = settings
        self.port = Mutex(port)
    }

    @Sendable func describe() async -> LocalSendInfo {
        LocalSendInfo.ferry(alias: name, fingerprint: identity.fingerprint, deviceType: settings.deviceType,
                            port: port.withLock { $0 }, download: await shares.active)
    }
}
