// Only test builds can see the Testing module; other builds (the release build of every
// product) compile this target empty.
#if canImport(Testing)
import Foundation
import Testing

/// Runs a suite's tests on threads of their own, not on the Swift concurrency pool, which has one
/// thread per core (2 in CI). These tests block (waitUntilExit, sleeps, blocking reads) or compute
/// for seconds; on the pool each such test stalls the in-process servers of the tests beside it.
/// The tests' task groups and `async let`s inherit it; a `Task {}` they start does not.
/// In a target of its own (FerryTestSupport) because test targets cannot import each other.
public struct OffThePool: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OffThePool {
    /// The suite's tests may block: run them (and the tasks they start) off the pool.
    public static var offThePool: Self { OffThePool() }
}

/// A task executor that runs every job on a new thread, so a job that blocks holds only its own.
public final class ThreadPerJobExecutor: TaskExecutor {
    public static let shared = ThreadPerJobExecutor()
    static let marker = "ferry.offThePool"

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job), executor = asUnownedTaskExecutor()
        let thread = Thread {
            Thread.current.threadDictionary[Self.marker] = true
            job.runSynchronously(on: executor)
        }
        thread.start()
    }

    /// True on a thread of this executor.
    public static var isCurrent: Bool { Thread.current.threadDictionary[marker] != nil }
}
#endif
