import FerryProtocol
import Testing

/// `with(id:)`: the connection numbers the requests its callers built.
@Suite struct ClientRequestIdTests {
    /// One request of every case, each with id 0 and some payload.
    static let everyCase: [ClientRequest] = [
        .open(.init(id: 0, url: "aa://x", app: "com.example.a", wait: true)), .ps(.init(id: 0)),
        .quit(.init(id: 0, app: "a")), .kill(.init(id: 0, app: "a")), .memoryWarning(.init(id: 0)),
        .ping(.init(id: 0)), .peers(.init(id: 0, wait: true)), .peerAdd(.init(id: 0, address: "h:1")),
        .peerRemove(.init(id: 0, address: "h:1")), .send(.init(id: 0, files: ["/f"], peer: "p", offer: "o")),
        .receiving(.init(id: 0, mode: .off)), .trust(.init(id: 0, action: .add, fingerprint: "ab", autoAccept: false)),
        .pending(.init(id: 0)), .accept(.init(id: 0, offer: "o")), .decline(.init(id: 0, offer: "o")),
        .cancel(.init(id: 0, offer: "o")), .pair(.init(id: 0, host: "h", port: 1)), .pairPending(.init(id: 0)),
        .pairConfirm(.init(id: 0, offer: "o", confirmed: true)), .pairAccept(.init(id: 0, offer: "o", code: "123456")),
        .pairDecline(.init(id: 0, offer: "o")), .state(.init(id: 0, app: "a", discard: true)),
        .unlock(.init(id: 0, data: "cGFzcw==")), .lock(.init(id: 0, mode: .now)), .protectionStatus(.init(id: 0)),
        .webShare(.init(id: 0, files: ["/f"], pin: "1234")),
    ]

    @Test func theListCoversEveryType() {
        #expect(Set(Self.everyCase.map(\.type)).count == 26)
    }

    @Test(arguments: everyCase) func theIdIsSetAndNothingElseChanges(_ request: ClientRequest) {
        let numbered = request.with(id: 41)
        #expect(numbered.id == 41)
        #expect(numbered.type == request.type)
        #expect(numbered.with(id: 0) == request)
    }

    @Test func aReceiverIsAnAddressOrAPeerName() {
        var send = ClientRequest.Send(id: 0, files: ["/f"])
        send.setReceiver("[fe80::1]:53317")
        #expect(send.host == "fe80::1" && send.port == 53317 && send.peer == nil)
        send.setReceiver("kitchen")
        #expect(send.host == nil && send.port == nil && send.peer == "kitchen")
        var pair = ClientRequest.Pair(id: 0)
        pair.setReceiver("10.0.0.5:53318")
        #expect(pair.host == "10.0.0.5" && pair.port == 53318 && pair.peer == nil)
    }
}
