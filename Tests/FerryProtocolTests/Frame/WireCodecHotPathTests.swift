import FerryProtocol
import Testing

/// The typed hot path writes the bytes the flat frame's writer wrote, member for member.
@Suite struct WireCodecHotPathTests {
    static let results: [DaemonReply.Result] = {
        var opened = DaemonReply.Result(id: 17, outcome: .active)
        opened.app = "com.acme.todo"
        opened.pid = 4242
        opened.handled = true
        var failed = DaemonReply.Result(id: 2, outcome: .failed)
        failed.app = "a\"b"
        failed.message = "no app handles \"x:\"\n"
        failed.failure = .noHandler
        var everything = DaemonReply.Result(id: 3, outcome: .ok)
        everything.code = "123456"
        everything.command = .init(executable: "/bin/true", arguments: ["-x", "é"], environment: ["A": "1"])
        everything.apps = [.init(bundleId: "a", state: "active", pid: 9, since: 1.5)]
        everything.address = "h:1"
        var row = WireFrame.PeerRow(name: "desk", host: "h", addresses: ["::1"], port: 1, source: "manual", lastSeen: 2)
        row.fingerprint = "ab"
        everything.peers = [row]
        everything.fingerprint = "cd"
        everything.peer = "desk"
        everything.mode = .contacts
        everything.offer = "o1"
        everything.archive = .init(bundleVersion: "1", size: 3)
        everything.protection = .init(lock: "locked", available: false, enforced: true, keys: ["A": "absent"], held: 1)
        return [DaemonReply.Result(id: 1, outcome: .pong), opened, failed, everything]
    }()

    @Test(arguments: results)
    func aResultIsTheFramesLine(_ result: DaemonReply.Result) {
        #expect(WireCodec.encode(.reply(.result(result))) == WireCodec.encode(result.frame))
    }

    @Test(arguments: [
        AppEvent.Event(id: 1, event: "didBecomeActive"),
        AppEvent.Event(id: 2, event: "open", url: "todo://x?a=1&b=\"", options: .init(url: "todo://x", sourceApplication: "s", annotation: "n")),
        AppEvent.Event(id: 3, event: "willFinishLaunching", archive: .init(bundleVersion: "2", interfaceIdiom: "desktop", appVersion: "1", savedAt: 5, size: 7)),
    ])
    func anEventIsTheFramesLine(_ event: AppEvent.Event) {
        #expect(WireCodec.encode(.event(.event(event))) == WireCodec.encode(WireMessage.event(.event(event)).frame))
    }
}
