/// How ferryd takes part in discovery, decided by the executable from its environment.
public struct DiscoverySettings: Sendable {
    /// False with `FERRY_DISCOVERY=off`: nothing is announced or browsed.
    public var enabled = true
    /// The DNS-SD instance name (`FERRY_DEVICE_NAME`, else the host name).
    public var deviceName: String
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
    }
}
