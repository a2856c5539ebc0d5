import Testing
@testable import FerryDaemon

/// A client's sends end with it: the connection cancels them when the client goes, and a send
/// registered after that is cancelled at once rather than left running.
@Suite struct ClientTasksTests {
    @Test func cancelAllCancelsWhatWasAdded() async {
        let tasks = ClientTasks()
        let running = Task { while !Task.isCancelled { await Task.yield() } }
        tasks.add(running)
        tasks.cancelAll()
        await running.value
        #expect(running.isCancelled)
    }

    @Test func aTaskAddedAfterTheClientLeftIsCancelledAtOnce() async {
        let tasks = ClientTasks()
        tasks.cancelAll()
        let late = Task { while !Task.isCancelled { await Task.yield() } }
        tasks.add(late)
        await late.value
        #expect(late.isCancelled)
    }
}
