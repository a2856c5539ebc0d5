import FerryCore
import FerryDiscovery
import FerryTransfer

extension Daemon {
    /// Discovery announces this device with its TLS identity (`fp`, `id`) and receiving mode, on
    /// the transfer listener's port once it is bound; `ferry send --to NAME` looks peers up in it.
    func makeDiscovery(receiving: ReceivingState) async -> Discovery {
        var settings = configuration.discovery
        do {
            let identity = try DeviceIdentity.loadOrCreate(directory: DeviceIdentity.directory(dataHome: configuration.paths.dataHome))
            settings.advertisement.fingerprint = identity.fingerprint
            settings.advertisement.deviceId = identity.deviceId
        } catch {
            logger.error("announcing without a TLS identity: \(error)")
        }
        settings.advertisement.mode = configuration.receivingMode.name
        let discovery = Discovery(
            name: settings.deviceName, port: 0, advertisement: settings.advertisement, enabled: settings.enabled,
            manualPeersFile: settings.manualPeersFile, policy: settings.liveness, logger: logger)
        await receiving.observe { mode in await discovery.setMode(mode) }
        // Our host label in a wide-area zone: the device id is stable and no other device's.
        let label = "ferry-" + (settings.advertisement.deviceId ?? String(settings.deviceName.lowercased().filter { $0.isLetter || $0.isNumber }.prefix(40)))
        await discovery.configureWideArea(WideAreaConfiguration(file: settings.wideAreaFile, environment: settings.wideAreaEnvironment, hostLabel: label))
        return discovery
    }
}

/// Discovery's table as the transfer's directory of peers by name (``PeerNameMatch``: a name
/// more than one peer answers to is nobody's).
struct DiscoveryDirectory: PeerDirectory, PeerCandidates {
    let discovery: Discovery

    func peer(named name: String) async -> PeerEndpoint? {
        guard case .one(let found) = PeerNameMatch.match(name, among: await candidates()) else { return nil }
        return PeerEndpoint(host: found.host, port: found.port, fingerprint: found.fingerprint, name: PeerText.printable(found.name))
    }

    /// The peers that announce a fingerprint and have an address to reach them at.
    func candidates() async -> [PeerCandidate] {
        await discovery.visiblePeers().compactMap { peer in
            guard let address = peer.preferredAddress, let fingerprint = peer.advertisement.fingerprint else { return nil }
            return PeerCandidate(name: peer.name, fingerprint: fingerprint, host: address, port: peer.port,
                                 addresses: [address] + peer.addresses.filter { $0 != address } + [peer.hostName])
        }
    }
}
