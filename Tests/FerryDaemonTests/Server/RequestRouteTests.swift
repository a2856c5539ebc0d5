import FerryCore
import Testing
@testable import FerryDaemon

/// The one switch over the typed requests: each kind reaches the handler that serves it, and a
/// client's non-request is refused with the text it always had.
@Suite struct RequestRouteTests {
    static let send = ClientRequest.Send(id: 10, files: ["/tmp/a"], peer: "desk")
    static let answer = ClientRequest.OfferAnswer(id: 11, offer: "o1")

    static let table: [(ClientRequest, RequestRoute)] = [
        (.open(.init(id: 1, url: "todo://x")), .open(.init(id: 1, url: "todo://x"))),
        (.ps(.init(id: 2)), .control(.ps(.init(id: 2)))),
        (.quit(.init(id: 3, app: "a")), .control(.quit(.init(id: 3, app: "a")))),
        (.kill(.init(id: 4, app: "a")), .control(.kill(.init(id: 4, app: "a")))),
        (.memoryWarning(.init(id: 5)), .control(.memoryWarning(.init(id: 5)))),
        (.ping(.init(id: 6)), .control(.ping(.init(id: 6)))),
        (.peers(.init(id: 7, wait: true)), .control(.peers(.init(id: 7, wait: true)))),
        (.peerAdd(.init(id: 8, address: "h:1")), .control(.peerAdd(.init(id: 8, address: "h:1")))),
        (.peerRemove(.init(id: 9, address: "h:1")), .control(.peerRemove(.init(id: 9, address: "h:1")))),
        (.state(.init(id: 9, app: "a", discard: true)), .control(.state(.init(id: 9, app: "a", discard: true)))),
        (.send(send), .transfer(.send(send))),
        (.cancel(answer), .transfer(.cancel(answer))),
        (.webShare(.init(id: 12, files: ["/tmp/a"])), .transfer(.webShare(.init(id: 12, files: ["/tmp/a"])))),
        (.receiving(.init(id: 13, mode: .off)), .transfer(.receiving(.init(id: 13, mode: .off)))),
        (.trust(.init(id: 14, action: .list)), .transfer(.trust(.init(id: 14, action: .list)))),
        (.pending(.init(id: 15)), .transfer(.pending(.init(id: 15)))),
        (.accept(answer), .transfer(.accept(answer))),
        (.decline(answer), .transfer(.decline(answer))),
        (.pair(.init(id: 16, peer: "desk")), .transfer(.pair(.ask(.init(id: 16, peer: "desk"))))),
        (.pairPending(.init(id: 17)), .transfer(.pair(.pending(.init(id: 17))))),
        (.pairConfirm(.init(id: 18, offer: "p", confirmed: true)), .transfer(.pair(.confirm(.init(id: 18, offer: "p", confirmed: true))))),
        (.pairAccept(.init(id: 19, offer: "p", code: "123456")), .transfer(.pair(.accept(.init(id: 19, offer: "p", code: "123456"))))),
        (.pairDecline(answer), .transfer(.pair(.decline(answer)))),
        (.unlock(.init(id: 20, data: "cGFzcw==")), .protection(.unlock(.init(id: 20, data: "cGFzcw==")))),
        (.lock(.init(id: 21, mode: .now)), .protection(.lock(.init(id: 21, mode: .now)))),
        (.protectionStatus(.init(id: 22)), .protection(.status(.init(id: 22)))),
    ]

    @Test(arguments: table)
    func eachRequestReachesItsHandler(_ request: ClientRequest, _ route: RequestRoute) {
        #expect(RequestRoute(request) == route)
        #expect(RequestRoute.of(.request(request)) == .success(route))
        #expect(Self.id(of: route) == request.id)
    }

    @Test func everyRequestKindIsInTheTable() {
        // One row per case: a kind added to ClientRequest must be added here (and routed).
        #expect(Set(Self.table.map(\.0.type)).count == 26)
    }

    @Test(arguments: [
        WireMessage.appReply(.reply(.init(id: 1, result: true))),
        .reply(.result(.init(id: 1, outcome: .ok))),
        .event(.event(.init(id: 1, event: "open"))),
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

    static func id(of route: RequestRoute) -> Int {
        switch route {
        case .open(let open): open.id
        case .control(let control): control.id
        case .transfer(let transfer): transfer.id
        case .protection(let protection): protection.id
        }
    }
}
