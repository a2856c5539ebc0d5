/// Where and whether ferryd speaks LocalSend; read from `FERRY_LOCALSEND_*` by the executable.
public struct LocalSendSettings: Sendable {
    /// LocalSend's port, for its API and its multicast.
    public static let defaultPort = 53317
    /// LocalSend's multicast group.
    public static let defaultGroup = "224.0.0.167"

    /// The HTTPS API's port (`FERRY_LOCALSEND_PORT`); nil (`off`) turns LocalSend off. Default 53317.
    public var port: Int? = LocalSendSettings.defaultPort
    /// The address the API binds (`FERRY_LOCALSEND_HOST`). Default every interface.
    public var host = "0.0.0.0"
    /// The multicast group and port (`FERRY_LOCALSEND_GROUP`, `FERRY_LOCALSEND_MULTICAST_PORT`).
    public var group = LocalSendSettings.defaultGroup
    public var multicastPort = LocalSendSettings.defaultPort
    /// Whether to join the group at all (`FERRY_LOCALSEND_MULTICAST=off` for register only).
    public var multicast = true
    /// The PIN senders must give (`FERRY_LOCALSEND_PIN`), or nil.
    public var pin: String?
    /// How this device presents itself: `desktop` or `headless` (`FERRY_LOCALSEND_DEVICE_TYPE`).
    public var deviceType = LocalSendDeviceType.desktop
    public var limits = LocalSendLimits()

    public init() {}

    /// The settings from `FERRY_LOCALSEND_*` variables; unknown values keep the defaults.
    public init(environment: [String: String]) {
        if let value = environment["FERRY_LOCALSEND_PORT"], !value.isEmpty {
            port = value == "off" ? nil : Int(value).flatMap { (0...65535).contains($0) ? $0 : nil } ?? port
        }
        if let host = environment["FERRY_LOCALSEND_HOST"], !host.isEmpty { self.host = host }
        if let group = environment["FERRY_LOCALSEND_GROUP"], !group.isEmpty { self.group = group }
        if let value = environment["FERRY_LOCALSEND_MULTICAST_PORT"].flatMap(Int.init), (1...65535).contains(value) {
            multicastPort = value
        }
        if environment["FERRY_LOCALSEND_MULTICAST"] == "off" { multicast = false }
        if let pin = environment["FERRY_LOCALSEND_PIN"], !pin.isEmpty { self.pin = pin }
        if let type = environment["FERRY_LOCALSEND_DEVICE_TYPE"].flatMap(LocalSendDeviceType.init(rawValue:)) { deviceType = type }
    }
}
