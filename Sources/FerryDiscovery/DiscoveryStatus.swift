/// Where discovery stands, as `ferry peers` and `ferry doctor` report it.
public enum DiscoveryStatus: Sendable, Equatable {
    /// Turned off (`FERRY_DISCOVERY=off`).
    case disabled
    /// Waiting for avahi-daemon; `detail` says what is missing.
    case avahiNotRunning(detail: String)
    /// Announced as `name`; browsing. `wideArea` says how publishing in a wide-area domain went.
    case running(name: String, wideArea: String? = nil)
    /// Announcing or browsing failed for a reason other than avahi-daemon's absence.
    case failed(String)

    /// A short machine-readable word: disabled, avahi-not-running, running, failed.
    public var code: String {
        switch self {
        case .disabled: "disabled"
        case .avahiNotRunning: "avahi-not-running"
        case .running: "running"
        case .failed: "failed"
        }
    }

    /// One line for people.
    public var line: String {
        switch self {
        case .disabled:
            "discovery is off (FERRY_DISCOVERY=off); only manual peers are listed"
        case .avahiNotRunning(let detail):
            "avahi-daemon is not running (\(detail)): start it with `sudo systemctl start avahi-daemon` "
                + "(Debian package avahi-daemon); ferryd finds peers by itself once it runs"
        case .running(let name, let wideArea):
            "announced as \u{201C}\(name)\u{201D} (\(Discovery.serviceType))" + (wideArea.map { "; wide-area: \($0)" } ?? "")
        case .failed(let message):
            "discovery failed: \(message); see ferryd's log"
        }
    }
}
