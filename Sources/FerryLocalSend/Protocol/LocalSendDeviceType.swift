/// The device types LocalSend v2 names (§3): how a device presents itself, and the icon a peer shows.
public enum LocalSendDeviceType: String, CaseIterable, Codable, Sendable {
    case mobile
    case desktop
    case web
    case headless
    case server
}

extension LocalSendInfo {
    /// The device type, `desktop` when missing or unknown (as LocalSend itself reads it).
    public var knownDeviceType: LocalSendDeviceType {
        deviceType.flatMap(LocalSendDeviceType.init(rawValue:)) ?? .desktop
    }

    /// This device as Ferry describes itself to LocalSend peers, over HTTPS. The fingerprint is
    /// sent upper-case: LocalSend implementations compare it with their own upper-case hash of
    /// the certificate.
    public static func ferry(alias: String, fingerprint: String, deviceType: LocalSendDeviceType, port: Int?,
                             download: Bool = false) -> LocalSendInfo {
        LocalSendInfo(alias: alias, deviceModel: "Ferry", deviceType: deviceType.rawValue, fingerprint: fingerprint.uppercased(),
                      port: port, protocol: "https", download: download)
    }
}
