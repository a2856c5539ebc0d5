import FoundationEssentials

/// Where ferryd finds its wide-area settings and how often it acts on them. The settings are read
/// again every round, so `ferry peers domain` takes effect without restarting ferryd.
public struct WideAreaConfiguration: Sendable {
    /// `$XDG_CONFIG_HOME/ferry/wide-area`, written by `ferry peers domain`.
    public var file: String
    /// The `FERRY_WIDE_AREA_*` variables, which override the file.
    public var environment: [String: String]
    /// Our host label in the zone: `ferry-` and the device id, so two devices never share one.
    public var hostLabel: String
    public var resolvConf = "/etc/resolv.conf"
    /// Between browses of the domain (and checks that our records are current). Default 3 s.
    public var pollInterval: Double = 3
    /// Between reads of the settings while no domain is set, besides each ring of
    /// ``Discovery/wideAreaSettingsChanged``: a safety net only. Default one day.
    public var idleInterval: Double = 86_400
    /// Between refreshes of our records when the server grants no lease. Default 60 s.
    public var refreshInterval: Double = 60
    /// The update lease asked for (RFC 9664), in seconds. Default 300.
    public var lease: UInt32 = 300
    /// After a refused update, before trying again. Default 30 s.
    public var retryInterval: Double = 30

    public init(file: String, environment: [String: String], hostLabel: String) {
        self.file = file
        self.environment = environment.filter { $0.key.hasPrefix("FERRY_WIDE_AREA_") }
        self.hostLabel = hostLabel
    }

    func settings() -> WideAreaSettings? {
        WideAreaSettings.load(environment: environment, path: file)
    }

    func server(for settings: WideAreaSettings) throws(DiscoveryError) -> (host: String, port: Int) {
        try settings.serverAddress(resolvConf: (try? String(contentsOfFile: resolvConf, encoding: .utf8)) ?? "")
    }
}
