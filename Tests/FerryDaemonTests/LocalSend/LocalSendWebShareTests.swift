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

    /// The page shows the same groups under "Why did my browser warn about this page?" (issue 29).
    @Test func theCertificateNoteGivesTheFingerprintsStartAsThePageShowsIt() {
        let note = LocalSendWebShare.certificateNote(String(repeating: "e7a79468", count: 8))
        #expect(note.hasSuffix("the fingerprint E7A7 9468 E7A7 9468 E7A7 9468 E7A7 9468 …"))
        #expect(note.contains("signs its own certificate"))
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
