import Testing

@testable import FerryDaemon

/// The session machine, transition by transition, with time passed in: links are strings and
/// waiters numbers, so no process, socket or clock is involved.
@Suite struct AppSessionTests {
    typealias Session = AppSession<String, Int>
    let start = ContinuousClock.now

    private func connected() -> Session {
        var session = Session()
        session.spawned(pid: 42, token: "t", now: start, watchdog: .seconds(5))
        _ = session.attach("link")
        return session
    }

    @Test func spawnWaitsForTheConnectionUntilTheWatchdog() {
        var session = Session()
        session.spawned(pid: 42, token: "t", now: start, watchdog: .seconds(5))
        #expect(session.pid == 42 && session.token == "t" && session.link == nil)
        guard case .wait = session.awaitConnection(1) else { Issue.record("not kept"); return }
        #expect(session.hasDeadlines)
        #expect(session.sweep(now: start + .seconds(4)).isEmpty)
        guard case .expire(let reason, let waiters) = session.sweep(now: start + .seconds(5)).first else {
            Issue.record("not expired"); return
        }
        #expect(reason == "did not connect to ferryd within 5.0 seconds")
        #expect(waiters == [1])
        #expect(!session.hasDeadlines)
    }

    @Test func attachHandsBackTheConnectWaiterOnce() {
        var session = Session()
        session.spawned(pid: 42, token: "t", now: start, watchdog: .seconds(5))
        _ = session.awaitConnection(7)
        guard case .attached(let waiter) = session.attach("link") else { Issue.record("refused"); return }
        #expect(waiter == 7)
        #expect(session.link == "link")
        guard case .refused = session.attach("second") else { Issue.record("a second connection was taken"); return }
        #expect(session.link == "link")
    }

    @Test func waitingForAConnectionThatIsThereOrCannotCome() {
        var live = connected()
        guard case .resume(3) = live.awaitConnection(3) else { Issue.record("not resumed"); return }
        var idle = Session()
        guard case .fail(4) = idle.awaitConnection(4) else { Issue.record("not failed"); return }
        guard case .refused = idle.attach("link") else { Issue.record("attached without a process"); return }
    }

    @Test func eventsGetIncreasingIdsAndAnswersResumeTheirOwnWaiter() {
        var session = connected()
        guard case .write("link", let first) = session.send(waiter: 1, deadline: start + .seconds(5), reason: "r1"),
              case .write("link", let second) = session.send(waiter: nil, deadline: start + .seconds(5), reason: "r2")
        else { Issue.record("not written"); return }
        #expect(second == first + 1)
        #expect(session.pendingCount == 2)
        guard case .resume(nil) = session.replied(second) else { Issue.record("wrong waiter"); return }
        guard case .resume(1) = session.replied(first) else { Issue.record("wrong waiter"); return }
        guard case .unexpected = session.replied(first) else { Issue.record("answered twice"); return }
        #expect(session.pendingCount == 0)
    }

    @Test func sendingWithoutAConnectionIsRefused() {
        var session = Session()
        session.spawned(pid: 42, token: "t", now: start, watchdog: .seconds(5))
        guard case .notConnected = session.send(waiter: 1, deadline: start, reason: "r") else { Issue.record("written"); return }
    }

    /// Pipelining: opens nobody waits for still count, and the first late one expires all of them.
    @Test func aLateAnswerExpiresEveryWaiterInOrder() {
        var session = connected()
        for waiter in 1...3 {
            _ = session.send(waiter: waiter, deadline: start + .seconds(Int64(waiter)), reason: "did not answer open \(waiter)")
        }
        _ = session.send(waiter: nil, deadline: start + .seconds(1), reason: "unwatched")
        #expect(session.pendingCount == 4)
        #expect(session.sweep(now: start + .milliseconds(999)).isEmpty)
        guard case .expire(let reason, let waiters) = session.sweep(now: start + .seconds(1)).first else {
            Issue.record("not expired"); return
        }
        #expect(reason == "did not answer open 1")
        #expect(waiters == [1, 2, 3])
        #expect(session.pendingCount == 0)
    }

    @Test func aLostConnectionShortensEveryDeadlineToTheGrace() {
        var session = connected()
        _ = session.send(waiter: 1, deadline: start + .seconds(5), reason: "did not answer open")
        let lost = session.detach(now: start, grace: .milliseconds(200), expected: false)
        #expect(lost)
        #expect(session.connectionLost && session.link == nil)
        #expect(session.sweep(now: start + .milliseconds(199)).isEmpty)
        let actions = session.sweep(now: start + .milliseconds(200))
        guard actions.count == 2, case .expire(let reason, [1]) = actions[0], case .kill(let why) = actions[1] else {
            Issue.record("\(actions)"); return
        }
        #expect(reason == "closed its connection to ferryd")
        #expect(why == "closed its connection to ferryd")
        #expect(!session.hasDeadlines)
    }

    @Test func aQuittingAppThatClosesItsConnectionIsNotKilledForIt() {
        var session = connected()
        session.markQuitting()
        let lost = session.detach(now: start, grace: .milliseconds(200), expected: false)
        #expect(!lost)
        #expect(!session.connectionLost)
        #expect(session.sweep(now: start + .seconds(10)).isEmpty)
    }

    @Test func theExitDeadlineKillsOnceAndKeepsTheEarlierOfTwo() {
        var session = connected()
        session.awaitExit(now: start, timeout: .seconds(3), reason: "did not exit within 3 s")
        session.awaitExit(now: start + .seconds(1), timeout: .seconds(3), reason: "later")
        #expect(session.sweep(now: start + .milliseconds(2999)).isEmpty)
        guard case .kill("did not exit within 3 s") = session.sweep(now: start + .seconds(3)).first else {
            Issue.record("not killed"); return
        }
        #expect(session.sweep(now: start + .seconds(4)).isEmpty)
    }

    @Test func exitHandsBackTheLinkAndEveryWaiter() {
        var session = connected()
        _ = session.send(waiter: 5, deadline: start + .seconds(5), reason: "r")
        _ = session.send(waiter: 6, deadline: start + .seconds(5), reason: "r")
        let (link, waiters) = session.exited()
        #expect(link == "link" && waiters == [5, 6])
        #expect(session.pid == nil && !session.hasDeadlines)
        guard case .unexpected = session.replied(1) else { Issue.record("answered after exit"); return }
    }

    @Test func aRespawnStartsAFreshSession() {
        var session = connected()
        session.markQuitting()
        _ = session.exited()
        session.spawned(pid: 43, token: "u", now: start, watchdog: .seconds(5))
        #expect(session.pid == 43 && !session.isQuitting && !session.connectionLost)
    }
}
