import Testing
@testable import FerryDaemon

/// A web share runs until its client leaves, which cancels its task: awaited, not polled.
@Suite struct LocalSendWebShareTests {
    @Test(.timeLimit(.minutes(1))) func theWaitEndsWhenTheTaskIsCancelled() async {
        let (started, signal) = AsyncStream<Void>.makeStream()
        let task = Task {
            signal.yield()
            await LocalSendWebShare.untilCancelled()
            return Task.isCancelled
        }
        for await _ in started { break }
        task.cancel()
        #expect(await task.value)
    }

    @Test(.timeLimit(.minutes(1))) func aTaskCancelledAlreadyDoesNotWait() async {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await LocalSendWebShare.untilCancelled()
            return true
        }
        #expect(await task.value)
    }
}
