// Only test builds can see the Testing module (see OffThePool.swift).
#if canImport(Testing)
import Foundation
import Testing

/// How long a wait lasts before the test fails: a bound for a test that would otherwise hang,
/// not a timing the test relies on. A test about timing passes its own `within:`.
public let waitLimit: Duration = .seconds(30)

/// Checks `condition` every 10 ms until it holds and returns true; after `limit` records a failure
/// naming `what` was awaited, at the caller's line (so the caller imports Testing), and returns
/// false. Blocks its thread: for `.offThePool` suites and helper threads. Disfavoured, so that
/// async code gets the sleeping variant below: blocking the cooperative pool starves the tasks awaited.
@_disfavoredOverload
@discardableResult
public func waitUntil(_ what: @autoclosure () -> String, within limit: Duration = waitLimit,
                      sourceLocation: SourceLocation = #_sourceLocation,
                      _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + limit
    while try !condition() {
        guard ContinuousClock.now < deadline else { return timedOut(what(), limit, sourceLocation) }
        usleep(10_000)
    }
    return true
}

/// The same wait for async code: sleeps between checks (not yields, which behind hundreds of
/// queued tests can wait long) and gives up early when the test is cancelled.
@discardableResult
public func waitUntil(_ what: @autoclosure () -> String, within limit: Duration = waitLimit,
                      sourceLocation: SourceLocation = #_sourceLocation,
                      _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + limit
    while try await !condition() {
        guard ContinuousClock.now < deadline, !Task.isCancelled else { return timedOut(what(), limit, sourceLocation) }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}

private func timedOut(_ what: String, _ limit: Duration, _ location: SourceLocation) -> Bool {
    Issue.record("waited \(limit) for \(what)", sourceLocation: location)
    return false
}
#endif
