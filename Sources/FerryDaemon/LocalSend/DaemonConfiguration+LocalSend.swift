import FerryCore
import FerryLocalSend
import FoundationEssentials

extension DaemonConfiguration {
    /// Reads `FERRY_LOCALSEND_*` (see ``LocalSendSettings/init(environment:)``). Once bound, the
    /// API's port is written to `<socket>.localsend-port` so that `ferry` and tests can find it.
    /// With `FERRY_DISCOVERY=off` there is no multicast, and no LocalSend at all unless
    /// `FERRY_LOCALSEND_PORT` asks for it; the API binds `FERRY_TRANSFER_HOST` unless
    /// `FERRY_LOCALSEND_HOST` says otherwise. Call after ``applyTransferEnvironment(_:)``.
    public mutating func applyLocalSendEnvironment(_ environment: [String: String]) {
        localSend = LocalSendSettings(environment: environment)
        if environment["FERRY_LOCALSEND_HOST"]?.isEmpty ?? true { localSend.host = transferHost }
        // An API reachable only from this machine has nothing to announce to the LAN.
        if Self.isLoopback(localSend.host) { localSend.multicast = false }
        if !discovery.enabled {
            localSend.multicast = false
            if environment["FERRY_LOCALSEND_PORT"]?.isEmpty ?? true { localSend.port = nil }
        }
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    var localSendPortFile: String { socketPath + ".localsend-port" }
}
