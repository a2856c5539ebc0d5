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
    /// `$XDG_CONFIG_HOME/ferry/wide-area` (``WideAreaSettings``), kept by `ferry peers domain`.
    public var wideAreaFile: String
    /// The `FERRY_WIDE_AREA_DOMAIN`, `_KEY` and `_SERVER` variables, over the file.
    public var wideAreaEnvironment: [String: String] = [:]

    public init(deviceName: String, manualPeersFile: String) {
        self.deviceName = deviceName
        self.manualPeersFile = manualPeersFile
        wideAreaFile = String(manualPeersFile.prefix(upTo: manualPeersFile.lastIndex(of: "/") ?? manualPeersFile.startIndex)) + "/wide-area"
    }

    /// Reads the FERRY_* variables above.
    public init(environment: [String: String], configHome: String) {
        self.init(deviceName: DeviceName.resolve(environment: environment),
                  manualPeersFile: configHome + "/manual-peers")
        wideAreaEnvironment = environment.filter { $0.key.hasPrefix("FERRY_WIDE_AREA_") }
        enabled = environment["FERRY_DISCOVERY"].map { !["off", "0", "no", "false"].contains($0.lowercased()) } ?? true
    }
}
