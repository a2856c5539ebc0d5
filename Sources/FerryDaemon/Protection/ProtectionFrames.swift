import FerryCore
import FerryProtection
import FoundationEssentials

/// The client frames of data protection: `unlock`, `lock`, `protection-status` (docs/protection.md).
enum ProtectionFrames {
    static func serve(_ frame: WireFrame, _ controller: ProtectionController?) async -> WireFrame {
        let id = frame.id ?? 0
        guard let controller else {
            var result = WireFrame.result(id, outcome: "unavailable")
            result.message = "this ferryd runs without data protection"
            return result
        }
        switch frame.type {
        case "lock":
            return answer(id, "locked", await controller.lock(immediately: frame.mode == "now"))
        case "unlock":
            guard let encoded = frame.data, let passphrase = Data(base64Encoded: encoded) else {
                return failure(id, "wrong-passphrase", "unlock needs the passphrase in data (base64)")
            }
            do {
                let (outcome, report) = try await controller.unlock(passphrase: Array(passphrase))
                var result = answer(id, outcome.created ? "created" : "unlocked", report)
                if !outcome.enforced { result.message = "keys checked, but this filesystem cannot enforce protection classes (unenforced)" }
                return result
            } catch {
                return failure(id, error.code == .wrongPassphrase ? "wrong-passphrase" : "failed", error.message)
            }
        default:
            return answer(id, "ok", await controller.report())
        }
    }

    private static func answer(_ id: Int, _ outcome: String, _ report: WireFrame.ProtectionReport) -> WireFrame {
        var result = WireFrame.result(id, outcome: outcome)
        result.protection = report
        return result
    }

    private static func failure(_ id: Int, _ outcome: String, _ message: String) -> WireFrame {
        var result = WireFrame.result(id, outcome: outcome)
        result.message = message
        return result
    }
}
