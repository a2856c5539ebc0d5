import Testing
import FerryTestSupport
@testable import FerryDaemon

@Suite struct FIFOLockTests {
    private func waiter(_ name: String, _ lock: FIFOLock, _ log: TurnLog) -> Task<Void, any Error> {
        Task {
            try await lock.acquire()
            log.append(name)
            lock.release()
        }
    }

    @Test func waitersGetTheLockInTheOrderTheyAsked() async throws {
        let lock = FIFOLock(), log = TurnLog()
        try await lock.acquire()
        var tasks: [Task<Void, any Error>] = []
        for (index, name) in ["a", "b", "c", "d"].enumerated() {
            tasks.append(waiter(name, lock, log))
            await waitUntil("\(index + 1) waiting at the lock") { lock.waiting == index + 1 }
        }
        lock.release()
        for task in tasks { try await task.value }
        #expect(log.order == ["a", "b", "c", "d"])
        #expect(!lock.isHeld)
    }

    @Test func aCancelledWaiterLeavesTheLineAtOnce() async throws {
        let lock = FIFOLock(), log = TurnLog()
        try await lock.acquire()
        let first = waiter("a", lock, log)
        await waitUntil("1 waiting at the lock") { lock.waiting == 1 }
        let cancelled = waiter("b", lock, log)
        await waitUntil("2 waiting at the lock") { lock.waiting == 2 }
        let last = waiter("c", lock, log)
        await waitUntil("3 waiting at the lock") { lock.waiting == 3 }

        cancelled.cancel()
        // Before: the cancelled waiter stayed in line until the holder released, then ran anyway.
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(lock.waiting == 2)

        lock.release()
        try await first.value
        try await last.value
        #expect(log.order == ["a", "c"])
        #expect(!lock.isHeld)
    }

    @Test func aTaskCancelledBeforeAskingNeverTakesTheLock() async throws {
        let lock = FIFOLock()
        try await lock.acquire()
        let late = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await lock.acquire()
        }
        await #expect(throws: CancellationError.self) { try await late.value }
        #expect(lock.waiting == 0)
        lock.release()
        #expect(!lock.isHeld)
    }
}
