import Synchronization

/// The LocalSend sessions whose upload this ferryd began and did not end: a send cut by a dead
/// link or a cancel. The device keeps such a session, and answers 409 (busy) to any new one, until
/// its own stall timeout (45 s in localsendd); the next send to it ends the old session first.
final class LocalSendCutSessions: Sendable {
    private let sessions = Mutex<[String: String]>([:])

    /// `session` is being uploaded to `device` (its fingerprint).
    func started(_ session: String, device: String) { sessions.withLock { $0[device] = session } }

    /// The upload of `session` ended (delivered, or refused and cancelled).
    func ended(_ session: String, device: String) {
        sessions.withLock { if $0[device] == session { $0[device] = nil } }
    }

    /// The session left open on `device`, forgotten as it is handed out.
    func take(device: String) -> String? { sessions.withLock { $0.removeValue(forKey: device) } }
}
