import FerryCore
import Testing
@testable import FerryDaemon

/// A managed app's connection takes replies and state chunks; anything else cuts it off with the
/// error text apps have always got.
@Suite struct AppInboundTests {
    @Test func repliesAndStateChunksAreTaken() {
        let reply = AppReply.Reply(id: 3, result: true, archive: ArchiveInfo(size: 4))
        #expect(AppInbound(.appReply(.reply(reply))) == .reply(reply))
        let chunk = AppReply.StateData(id: 3, data: "AAAA")
        #expect(AppInbound(.appReply(.stateData(chunk))) == .state(chunk))
    }

    @Test(arguments: [
        WireMessage.request(.ping(.init(id: 1))),
        .request(.open(.init(id: 2, url: "todo://x"))),
        .event(.event(.init(id: 1, event: "open"))),
        .reply(.result(.init(id: 1, outcome: .ok))),
        .handshake(.hello(.init(protocol: 2, role: .app, token: "t"))),
    ])
    func anythingElseIsRefused(_ message: WireMessage) {
        #expect(AppInbound(message) == .refused(WireError(.malformedFrame, "an app sends only reply frames after hello")))
    }
}
