/// How ferryd takes part in discovery, decided by the executable from its environment.
public struct DiscoverySettings: Sendable {
    /// False with `FERRY_DISCOVERY=off`: nothing is announced, browsed or listened on.
    public var enabled = true
    /// The DNS-SD instance name (`FERRY_DEVICE_NAME`, else the host name).
    public var deviceName: String
    /// Where the peer port listens (`FERRY_LISTEN_ADDRESS`, default all IPv4 addresses).
    public var listenHost = "0.0.0.0"
    /// The announced TCP port (`FERRY_PORT`, default 7417; another is picked when it is taken).
    public var port = 7417
    /// `$XDG_CONFIG_HOME/ferry/manual-peers`.
    public var manualPeersFile: String
    public var advertisement = PeerAdvertisement(protocolVersion: 1, mode: "contacts")
    public var liveness = LivenessPolicy()

    public init(deviceName: String, manualPeersFile: String) {
        self.deviceName = deviceName
        self.manualPeersFile = manualPeersFile
    }

    /// Reads the FERRY_* variables above.
    public init(environment: [String: String], configHome: String) {
        self.init(deviceName: DeviceName.resolve(environment: environment),
                  manualPeersFile: configHome + "/manual-peers")
        enabled = environment["FERRY_DISCOVERY"].map { !["off", "0", "no", "false"].contains($0.lowercased()) } ?? true
        if let host = environment["FERRY_LISTEN_ADDRESS"], !host.isEmpty { listenHost = host }
        if let port = environment["FERRY_PORT"].flatMap({ Int($0) }), (0...65535).contains(port) { self.port = port }
    }
}
