import FerryCore
import FerryProtection
import FoundationEssentials

/// Serves the client requests of data protection: `unlock`, `lock`, `protection-status` (docs/protection.md).
enum ProtectionRequests {
    static func serve(_ request: ProtectionRequest, _ controller: ProtectionController?) async -> DaemonReply.Result {
        guard let controller else {
            return DaemonReply.Result(outcome: .unavailable, message: "this ferryd runs without data protection")
        }
        switch request {
        case .lock(let lock):
            return answer(.locked, await controller.lock(immediately: lock.mode == .now))
        case .unlock(let unlock):
            guard let passphrase = Data(base64Encoded: unlock.data) else {
                return DaemonReply.Result(outcome: .wrongPassphrase, message: "unlock needs the passphrase in data (base64)")
            }
            do {
                let (outcome, report) = try await controller.unlock(passphrase: Array(passphrase))
                var result = answer(outcome.created ? .created : .unlocked, report)
                if !outcome.enforced { result.message = "keys checked, but this filesystem cannot enforce protection classes (unenforced)" }
                return result
            } catch {
                return DaemonReply.Result(outcome: error.code == .wrongPassphrase ? .wrongPassphrase : .failed, message: error.message)
            }
        case .status:
            return answer(.ok, await controller.report())
        }
    }

    private static func answer(_ outcome: DaemonReply.Outcome, _ report: ProtectionReport) -> DaemonReply.Result {
        var result = DaemonReply.Result(outcome: outcome)
        result.protection = report
        return result
    }
}
