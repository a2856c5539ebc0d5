import FerryCore
import Testing
@testable import FerryDaemon

/// A managed app's connection takes replies and state chunks; anything else cuts it off with the
/// error text apps have always got.
@Suite struct AppInboundTests {
    @Test func repliesAndStateChunksAreTaken() {
        let reply = AppReply.Reply(result: true, archive: ArchiveInfo(size: 4))
        #expect(AppInbound(.appReply(.init(id: 3, .reply(reply)))) == .reply(.init(id: 3, reply)))
        let chunk = Envelope(id: 3, AppReply.stateData(.init(data: "AAAA")))
        #expect(AppInbound(.appReply(chunk)) == .state(chunk))
    }

    @Test(arguments: [
        WireMessage.request(.init(id: 1, .ping)),
        .request(.init(id: 2, .open(.init(url: "todo://x")))),
        .event(.init(id: 1, .event(.init(event: "open")))),
        .reply(.init(id: 1, .result(.init(outcome: .ok)))),
        .peer(.init(event: .added, peers: [])),
        .handshake(.hello(.init(protocol: 2, role: .app, token: "t"))),
    ])
    func anythingElseIsRefused(_ message: WireMessage) {
        #expect(AppInbound(message) == .refused(WireError(.malformedFrame, "an app sends only reply frames after hello")))
    }
}
