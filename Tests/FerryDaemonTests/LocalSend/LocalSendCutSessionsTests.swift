import Testing
@testable import FerryDaemon

@Suite struct LocalSendCutSessionsTests {
    @Test func aSessionNotEndedIsHandedOutOnce() {
        let cut = LocalSendCutSessions()
        cut.started("s1", device: "ab")
        #expect(cut.take(device: "cd") == nil)
        #expect(cut.take(device: "ab") == "s1")
        #expect(cut.take(device: "ab") == nil)
    }

    @Test func anEndedSessionIsForgottenButNotANewerOne() {
        let cut = LocalSendCutSessions()
        cut.started("s1", device: "ab")
        cut.ended("s1", device: "ab")
        #expect(cut.take(device: "ab") == nil)
        cut.started("s2", device: "ab")
        cut.started("s3", device: "ab")
        cut.ended("s2", device: "ab")
        #expect(cut.take(device: "ab") == "s3")
    }
}
