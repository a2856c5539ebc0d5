import Synchronization

/// The order in which waiters got their turn.
final class TurnLog: Sendable {
    private let entries = Mutex<[String]>([])
    var order: [String] { entries.withLock { $0 } }
    func append(_ name: String) { entries.withLock { $0.append(name) } }
}

/// Yields until `condition` holds: the waiters under test run on other threads.
func eventually(_ condition: () -> Bool) async {
    for _ in 0..<100_000 where !condition() { await Task.yield() }
}
