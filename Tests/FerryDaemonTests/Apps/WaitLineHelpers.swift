import Synchronization

/// The order in which waiters got their turn.
final class TurnLog: Sendable {
    private let entries = Mutex<[String]>([])
    var order: [String] { entries.withLock { $0 } }
    func append(_ name: String) { entries.withLock { $0.append(name) } }
}

/// Waits until `condition` holds, up to 30 s: the waiters under test run on other threads. Sleeps,
/// not yields: behind hundreds of queued tests a yield can wait long, and 100,000 of them ran out.
func eventually(_ condition: () -> Bool) async {
    for _ in 0..<3000 where !condition() { try? await Task.sleep(for: .milliseconds(10)) }
}
