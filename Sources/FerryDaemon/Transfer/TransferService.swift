import FerryCore
import FerryDiscovery
import FerryTransfer
import Logging
import ServiceLifecycle

/// The transfer listener inside ferryd's service group. A port that cannot be bound is logged and
/// leaves ferryd running without receiving.
struct TransferService: Service {
    let configuration: DaemonConfiguration
    let manager: AppManager
    let receiving: ReceivingState
    let logger: Logger

    func run() async throws {
        let paths = configuration.paths
        do {
            let identity = try DeviceIdentity.loadOrCreate(directory: DeviceIdentity.directory(dataHome: paths.dataHome))
            var limits = TransferLimits()
            if let reserve = configuration.transferReserveBytes { limits.reserveBytes = reserve }
            let staging = try StagingArea(directory: paths.dataHome + "/transfer/staging")
            staging.sweep(olderThan: limits.partialKeepSeconds)
            staging.removeOfferTrees()
            let trust = TrustStore(configHome: paths.configHome)
            let host = DaemonReceiverHost(manager: manager, trust: trust, mode: receiving, paths: paths, logger: logger)
            let receiver = Receiver(host: host, staging: staging, limits: limits)
            // The name discovery announces, so that a paired device is trusted under the name seen in `ferry peers`.
            let name = configuration.discovery.deviceName
            let pairing = Pairing(ownFingerprint: identity.fingerprint, deviceName: name, trust: trust,
                                  lifetime: configuration.pairSeconds) { [receiving] in
                await receiving.current
            }
            await manager.attachTransfer(TransferHub(identity: identity, receiver: receiver, receiving: receiving, trust: trust,
                                                     senderName: name, peers: configuration.peerDirectory, pairing: pairing))
            // Without a port there is no listener, but `ferry send` still works.
            guard let port = configuration.transferPort else { return try await gracefulShutdown() }
            let server = TransferServer(
                configuration: .init(host: configuration.transferHost, port: port, limits: limits), identity: identity,
                receiver: receiver, pairing: pairing, logger: logger, onBound: configuration.onTransferBound)
            try await server.run { try? await gracefulShutdown() }
        } catch {
            logger.error("file transfers are off", metadata: ["error": "\(error)"])
            manager.transferSlot.markUnavailable()
            try await gracefulShutdown()
        }
    }
}
