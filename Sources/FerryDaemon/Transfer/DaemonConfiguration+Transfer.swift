import FerryCore
import FerryTransfer
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension DaemonConfiguration {
    /// Reads the transfer settings from the environment: `FERRY_TRANSFER_PORT` (a port, 0 for any
    /// free one, or `off`), `FERRY_TRANSFER_HOST`, `FERRY_TRANSFER_RESERVE` (bytes),
    /// `FERRY_PAIR_TIMEOUT` and `FERRY_OFFER_TIMEOUT` (seconds), `FERRY_RECEIVING` (`off`, `contacts`, `everyone`). Reads nothing but `environment`.
    public mutating func applyTransferEnvironment(_ environment: [String: String]) {
        if let value = environment["FERRY_TRANSFER_PORT"], !value.isEmpty {
            transferPort = value == "off" ? nil : Int(value).flatMap { (0...65535).contains($0) ? $0 : nil } ?? transferPort
        }
        if let host = environment["FERRY_TRANSFER_HOST"], !host.isEmpty { transferHost = host }
        if let reserve = environment["FERRY_TRANSFER_RESERVE"].flatMap(UInt64.init) { transferReserveBytes = reserve }
        if let seconds = environment["FERRY_PAIR_TIMEOUT"].flatMap(Double.init), seconds > 0 { pairSeconds = seconds }
        if let seconds = environment["FERRY_OFFER_TIMEOUT"].flatMap(Double.init), seconds > 0 { offerSeconds = seconds }
        switch environment["FERRY_RECEIVING"] {
        case "off": receivingMode = .off
        case "everyone": receivingMode = .everyone(until: Date() + ReceivingMode.everyoneDuration)
        default: break
        }
    }

    /// `$XDG_STATE_HOME/ferry/finishing`: the sends whose finish was not heard answered
    /// (``PendingFinishes``), as ferryd's main finds the state folder for its logs.
    var pendingFinishesDirectory: String {
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "/") + "/.local/state"
        return state + "/ferry/finishing"
    }

    /// Where the transfer port is written once bound, so that `ferry` and tests can find it.
    var transferPortFile: String { socketPath + ".transfer-port" }

    /// Removes the port file: a stale one once this ferryd holds the lock, its own when it stops.
    /// Never before the lock, or a failed second start would delete the running daemon's file.
    func removeTransferPortFile() {
        unlink(transferPortFile)
    }
}
