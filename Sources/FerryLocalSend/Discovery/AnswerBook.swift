import FoundationEssentials
import Synchronization

/// ``AnnounceAnswers`` shared by the receive loop and the register tasks, on the monotonic clock.
final class AnswerBook: Sendable {
    private let state: Mutex<AnnounceAnswers>
    private let start = ContinuousClock.now

    init(policy: AnnounceAnswers.Policy) {
        state = Mutex(AnnounceAnswers(policy: policy))
    }

    private var now: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    func announce(from address: String, port: Int, fingerprint: String) -> AnnounceAnswers.Action {
        let now = now
        return state.withLock { $0.announce(from: address, port: port, fingerprint: fingerprint, now: now) }
    }

    func registerFinished(succeeded: Bool) -> AnnounceAnswers.Action {
        let now = now
        return state.withLock { $0.registerFinished(succeeded: succeeded, now: now) }
    }

    var inFlight: Int { state.withLock { $0.inFlight } }
    var mostInFlight: Int { state.withLock { $0.mostInFlight } }
}
