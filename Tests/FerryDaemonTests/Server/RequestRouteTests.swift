import FerryCore
import Testing
@testable import FerryDaemon

/// The one switch over the typed requests: each kind reaches the handler that serves it, and a
/// client's non-request is refused with the text it always had.
@Suite struct RequestRouteTests {
    static let send = ClientRequest.Send(files: ["/tmp/a"], peer: "desk")
    static let answer = ClientRequest.OfferAnswer(offer: "o1")

    static let table: [(ClientRequest, RequestRoute)] = [
        (.open(.init(url: "todo://x")), .open(.init(url: "todo://x"))),
        (.ps, .control(.ps)),
        (.quit(.init(app: "a")), .control(.quit(.init(app: "a")))),
        (.kill(.init(app: "a")), .control(.kill(.init(app: "a")))),
        (.memoryWarning, .control(.memoryWarning)),
        (.ping, .control(.ping)),
        (.peers(.init(wait: true)), .control(.peers(.init(wait: true)))),
        (.peerAdd(.init(address: "h:1")), .control(.peerAdd(.init(address: "h:1")))),
        (.peerRemove(.init(address: "h:1")), .control(.peerRemove(.init(address: "h:1")))),
        (.state(.init(app: "a", discard: true)), .control(.state(.init(app: "a", discard: true)))),
        (.send(send), .transfer(.send(send))),
        (.cancel(answer), .transfer(.cancel(answer))),
        (.webShare(.init(files: ["/tmp/a"])), .transfer(.webShare(.init(files: ["/tmp/a"])))),
        (.receiving(.init(mode: .off)), .transfer(.receiving(.init(mode: .off)))),
        (.trust(.init(action: .list)), .transfer(.trust(.init(action: .list)))),
        (.pending, .transfer(.pending)),
        (.accept(answer), .transfer(.accept(answer))),
        (.decline(answer), .transfer(.decline(answer))),
        (.pair(.init(peer: "desk")), .transfer(.pair(.ask(.init(peer: "desk"))))),
        (.pairPending, .transfer(.pair(.pending))),
        (.pairConfirm(.init(offer: "p", confirmed: true)), .transfer(.pair(.confirm(.init(offer: "p", confirmed: true))))),
        (.pairAccept(.init(offer: "p", code: "123456")), .transfer(.pair(.accept(.init(offer: "p", code: "123456"))))),
        (.pairDecline(answer), .transfer(.pair(.decline(answer)))),
        (.unlock(.init(data: "cGFzcw==")), .protection(.unlock(.init(data: "cGFzcw==")))),
        (.lock(.init(mode: .now)), .protection(.lock(.init(mode: .now)))),
        (.protectionStatus, .protection(.status)),
    ]

    @Test(arguments: table)
    func eachRequestReachesItsHandler(_ request: ClientRequest, _ route: RequestRoute) {
        #expect(RequestRoute(request) == route)
        #expect(RequestRoute.of(.request(.init(id: 7, request))) == .success(.init(id: 7, route)))
    }

    @Test func everyRequestKindIsInTheTable() {
        // One row per case: a kind added to ClientRequest must be added here (and routed).
        #expect(Set(Self.table.map(\.0.type)).count == 26)
    }

    @Test(arguments: [
        WireMessage.appReply(.init(id: 1, .reply(.init(result: true)))),
        .reply(.init(id: 1, .result(.init(outcome: .ok)))),
        .peer(.init(event: .added, peers: [])),
        .event(.init(id: 1, .event(.init(event: "open")))),
        .handshake(.hello(.init(protocol: 2, role: .client))),
    ])
    func aClientsNonRequestIsRefusedByItsType(_ message: WireMessage) {
        #expect(RequestRoute.of(message) == .failure(WireError(.malformedFrame, "clients may not send \(message.type) frames")))
    }

    @Test func onlySendsAndWebSharesEndWithTheirClient() {
        let ending = Self.table.compactMap { request, route -> String? in
            guard case .transfer(let transfer) = route, transfer.endsWithClient else { return nil }
            return request.type
        }
        #expect(ending == ["send", "web-share"])
    }

}
