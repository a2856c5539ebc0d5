import FerryCore
import FerryDiscovery
import FerryTransfer
import Logging
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#endif

/// The transfer listener inside ferryd's service group. A port that cannot be bound is logged and
/// leaves ferryd running without receiving.
struct TransferService: Service {
    let configuration: DaemonConfiguration
    let manager: AppManager
    let receiving: ReceivingState
    /// Told the port once bound, to announce it; its peer table is `ferry send --to NAME`'s directory.
    let discovery: Discovery?
    let logger: Logger
    /// Desktop notifications; nil shows none.
    var notifier: DesktopNotifier? = nil
    /// The hub ferryd's clients reach transfers through: filled once the identity is loaded.
    let hub = TransferSlot()

    func run() async throws {
        let paths = configuration.paths
        let portFile = configuration.transferPortFile
        unlink(portFile)
        do {
            let identity = try DeviceIdentity.loadOrCreate(directory: DeviceIdentity.directory(dataHome: paths.dataHome))
            var limits = TransferLimits()
            if let reserve = configuration.transferReserveBytes { limits.reserveBytes = reserve }
            limits.pendingSeconds = configuration.offerSeconds
            let staging = try StagingArea(directory: paths.dataHome + "/transfer/staging")
            staging.sweep(olderThan: limits.partialKeepSeconds)
            staging.removeOfferTrees()
            let trust = TrustStore(configHome: paths.configHome)
            var host = DaemonReceiverHost(manager: manager, trust: trust, mode: receiving, paths: paths, logger: logger)
            host.notifications = notifier.map {
                TransferNotifications(notifier: $0, transfers: hub, manager: manager, environment: configuration.environment, logger: logger)
            }
            let receiver = Receiver(host: host, staging: staging, limits: limits)
            // The name discovery announces, so that a paired device is trusted under the name seen in `ferry peers`.
            let name = configuration.discovery.deviceName
            let pairing = Pairing(ownFingerprint: identity.fingerprint, deviceName: name, trust: trust,
                                  lifetime: configuration.pairSeconds) { [receiving] in
                await receiving.current
            }
            if let notifier {
                let notes = PairingNotifications(notifier: notifier, pairing: pairing, lifetime: configuration.pairSeconds)
                await pairing.observe { await notes.requested($0) }
            }
            hub.fill(TransferHub(identity: identity, receiver: receiver, receiving: receiving, trust: trust, senderName: name,
                                 peers: discovery.map { DiscoveryDirectory(discovery: $0) }, pairing: pairing,
                                 finishes: PendingFinishes(directory: configuration.pendingFinishesDirectory)))
            // Without a port there is no listener, but `ferry send` still works.
            guard let port = configuration.transferPort else { return try await gracefulShutdown() }
            let server = TransferServer(
                configuration: .init(host: configuration.transferHost, port: port, limits: limits), identity: identity,
                receiver: receiver, pairing: pairing, logger: logger
            ) { [discovery] port in
                try? FileSystem.writeAtomically(Array("\(port)\n".utf8), to: portFile, mode: 0o644)
                await discovery?.setPort(port)
            }
            try await server.run { try? await gracefulShutdown() }
        } catch {
            logger.error("file transfers are off", metadata: ["error": "\(error)"])
            hub.markUnavailable()
            try await gracefulShutdown()
        }
    }
}
