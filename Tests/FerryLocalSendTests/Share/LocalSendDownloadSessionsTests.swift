import Testing
@testable import FerryLocalSend

/// Download sessions as a value: bounded, expiring, recycled; time passed in.
@Suite struct LocalSendDownloadSessionsTests {
    static let rules = LocalSendDownloadSessions.Rules(capacity: 8, perSource: 3, idleSeconds: 900)

    @Test func aSessionIsOnlyItsAddresssAndEndsAfterFifteenIdleMinutes() {
        var sessions = LocalSendDownloadSessions(Self.rules)
        sessions.open("a", address: "10.0.0.2", now: 0)
        let byAnother = sessions.use("a", address: "10.0.0.3", now: 1)
        #expect(!byAnother)
        let early = sessions.use("a", address: "10.0.0.2", now: 800)
        #expect(early)
        let refreshed = sessions.use("a", address: "10.0.0.2", now: 1600)
        #expect(refreshed, "each request keeps it alive")
        let idle = sessions.use("a", address: "10.0.0.2", now: 2500)
        #expect(!idle)
        #expect(sessions.entries.isEmpty)
    }

    @Test func aFullTableGivesUpTheLeastRecentlyUsedThatNeverDownloaded() {
        var sessions = LocalSendDownloadSessions(Self.rules)
        sessions.open("phone", address: "192.168.1.20", now: 0)
        let downloaded = sessions.use("phone", address: "192.168.1.20", now: 1, downloading: true)
        #expect(downloaded)
        for host in 0..<20 { sessions.open("s\(host)", address: "10.0.0.\(host)", now: Double(10 + host)) }
        #expect(sessions.entries.count == 8)
        let kept = sessions.use("phone", address: "192.168.1.20", now: 40)
        #expect(kept, "a session that downloaded is kept over strangers'")
        #expect(Set(sessions.entries.keys) == Set(["phone"] + (13..<20).map { "s\($0)" }))
    }

    @Test func oneAddressRecyclesItsOwnSessionsNotOthers() {
        var sessions = LocalSendDownloadSessions(Self.rules)
        sessions.open("phone", address: "192.168.1.20", now: 0)
        for index in 0..<50 { sessions.open("x\(index)", address: "2001:db8::\(index)", now: Double(1 + index)) }
        let outlived = sessions.use("phone", address: "192.168.1.20", now: 60)
        #expect(outlived, "a fresh session outlives one /64's flood")
        #expect(Set(sessions.entries.keys) == ["phone", "x47", "x48", "x49"])
    }

    @Test func expiredSessionsMakeRoomFirst() {
        var sessions = LocalSendDownloadSessions(Self.rules)
        for host in 0..<8 { sessions.open("old\(host)", address: "10.0.0.\(host)", now: 0) }
        sessions.open("new", address: "10.0.1.1", now: 1000)
        #expect(Set(sessions.entries.keys) == ["new"])
    }
}
