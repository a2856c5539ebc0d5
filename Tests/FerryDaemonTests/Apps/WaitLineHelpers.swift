import Synchronization

/// The order in which waiters got their turn.
final class TurnLog: Sendable {
    private let entries = Mutex<[String]>([])
    var order: [String] { entries.withLock { $0 } }
    func append(_ name: String) { entries.withLock { $0.append(name) } }
}
