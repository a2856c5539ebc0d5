import Testing
import FerryTestSupport
@testable import FerryDaemon

@Suite struct TicketQueueTests {
    private func turn(_ ticket: Int, _ queue: TicketQueue, _ log: TurnLog) -> Task<Void, any Error> {
        Task {
            try await queue.wait(ticket)
            log.append("\(ticket)")
            queue.finish(ticket)
        }
    }

    @Test func ticketsAreServedInNumberOrderWhateverOrderTheyWait() async throws {
        let queue = TicketQueue(), log = TurnLog()
        let tickets = (0..<5).map { _ in queue.take() }
        var tasks: [Task<Void, any Error>] = []
        for (index, ticket) in tickets.dropFirst().reversed().enumerated() {
            tasks.append(turn(ticket, queue, log))
            await waitUntil("\(index + 1) waiting at the queue") { queue.waiting == index + 1 }
        }
        tasks.append(turn(tickets[0], queue, log))
        for task in tasks { try await task.value }
        #expect(log.order == ["0", "1", "2", "3", "4"])
        #expect(queue.isIdle)
    }

    @Test func aCancelledWaiterIsSkippedAndLaterTicketsRun() async throws {
        let queue = TicketQueue(), log = TurnLog()
        let served = queue.take(), cancelledTicket = queue.take(), last = queue.take()
        try await queue.wait(served)
        let cancelled = turn(cancelledTicket, queue, log)
        await waitUntil("1 waiting at the queue") { queue.waiting == 1 }
        let later = turn(last, queue, log)
        await waitUntil("2 waiting at the queue") { queue.waiting == 2 }

        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(queue.waiting == 1)
        queue.finish(served)
        // Before: ticket 1 stayed parked, and ticket 2 ran only after it.
        try await later.value
        #expect(log.order == ["2"])
        #expect(queue.isIdle)
    }

    @Test func aTicketGivenUpOnItsTurnPassesTheTurnOn() async throws {
        let queue = TicketQueue(), log = TurnLog()
        let abandoned = queue.take(), next = queue.take()
        let waiting = turn(next, queue, log)
        await waitUntil("1 waiting at the queue") { queue.waiting == 1 }
        // A connection cancelled before it even asked for its turn (its client went away).
        let gone = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await queue.wait(abandoned)
        }
        await #expect(throws: CancellationError.self) { try await gone.value }
        // Before: ticket 0 was never finished, so ticket 1 waited forever.
        try await waiting.value
        #expect(log.order == ["1"])
        #expect(queue.isIdle)
    }
}
