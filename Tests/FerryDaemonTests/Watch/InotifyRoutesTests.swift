import Testing
@testable import FerryDaemon

#if canImport(Glibc)
import Glibc
#endif

/// How the shared inotify descriptor's events are split between its subscribers: by watch, and on
/// a watch two subscribers share, by the kinds of event each asked for.
@Suite struct InotifyRoutesTests {
    private func event(_ wd: Int32, _ mask: Int32, _ name: String = "x") -> Inotify.Event {
        Inotify.Event(watch: wd, mask: UInt32(bitPattern: mask), cookie: 0, name: name)
    }

    @Test func aSharedWatchGivesEachSubscriberTheKindsItAskedFor() {
        var routes = InotifyRoutes()
        routes.subscribe(1)
        routes.subscribe(2)
        routes.add(1, watch: 5, mask: UInt32(IN_CREATE | IN_ONLYDIR))
        routes.add(2, watch: 5, mask: UInt32(IN_CLOSE_WRITE))
        routes.add(2, watch: 6, mask: InotifyRoutes.events)
        let created = event(5, IN_CREATE | IN_ISDIR), written = event(5, IN_CLOSE_WRITE), other = event(6, IN_MODIFY)
        let shares = routes.route([created, written, other, event(9, IN_CREATE)])
        #expect(shares == [1: [created], 2: [written, other]])
    }

    @Test func anOverflowGoesToEveryoneAndAWatchsEndToItsSubscribers() {
        var routes = InotifyRoutes()
        routes.subscribe(1)
        routes.subscribe(2)
        routes.add(1, watch: 5, mask: UInt32(IN_CREATE))
        let overflow = event(-1, IN_Q_OVERFLOW, ""), ignored = event(5, IN_IGNORED, "")
        #expect(routes.route([overflow, ignored]) == [1: [overflow, ignored], 2: [overflow]])
        // The kernel dropped watch 5: a later watch given the same number is nobody's yet.
        #expect(routes.route([event(5, IN_CREATE)]).isEmpty)
    }

    @Test func leavingRemovesOnlyTheWatchesNoOneElseHolds() {
        var routes = InotifyRoutes()
        routes.subscribe(1)
        routes.subscribe(2)
        routes.add(1, watch: 5, mask: UInt32(IN_CREATE))
        routes.add(1, watch: 6, mask: UInt32(IN_CREATE))
        routes.add(2, watch: 6, mask: UInt32(IN_DELETE))
        #expect(routes.unsubscribe(1) == [5])
        #expect(routes.route([event(6, IN_CREATE), event(6, IN_DELETE)]) == [2: [event(6, IN_DELETE)]])
        #expect(routes.unsubscribe(2) == [6])
    }
}
