import FerryCore
import FerryProtection
import FoundationEssentials

/// Serves the client requests of data protection: `unlock`, `lock`, `protection-status` (docs/protection.md).
enum ProtectionRequests {
    static func serve(_ request: ProtectionRequest, _ controller: ProtectionController?) async -> DaemonReply.Result {
        let id = request.id
        guard let controller else {
            return DaemonReply.Result(id, outcome: .unavailable, message: "this ferryd runs without data protection")
        }
        switch request {
        case .lock(let lock):
            return answer(id, .locked, await controller.lock(immediately: lock.mode == .now))
        case .unlock(let unlock):
            guard let passphrase = Data(base64Encoded: unlock.data) else {
                return DaemonReply.Result(id, outcome: .wrongPassphrase, message: "unlock needs the passphrase in data (base64)")
            }
            do {
                let (outcome, report) = try await controller.unlock(passphrase: Array(passphrase))
                var result = answer(id, outcome.created ? .created : .unlocked, report)
                if !outcome.enforced { result.message = "keys checked, but this filesystem cannot enforce protection classes (unenforced)" }
                return result
            } catch {
                return DaemonReply.Result(id, outcome: error.code == .wrongPassphrase ? .wrongPassphrase : .failed, message: error.message)
            }
        case .status:
            return answer(id, .ok, await controller.report())
        }
    }

    private static func answer(_ id: Int, _ outcome: DaemonReply.Outcome, _ report: ProtectionReport) -> DaemonReply.Result {
        var result = DaemonReply.Result(id, outcome: outcome)
        result.protection = report
        return result
    }
}
