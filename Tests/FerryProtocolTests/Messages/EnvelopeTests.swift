import FerryProtocol
import Testing

/// The envelope: a request's id lives once, outside its body, and goes on the wire right after
/// `type`, as it always did.
@Suite struct EnvelopeTests {
    /// One request of every case, with some payload.
    static let everyCase: [ClientRequest] = [
        .open(.init(url: "aa://x", app: "com.example.a", wait: true)), .ps,
        .quit(.init(app: "a")), .kill(.init(app: "a")), .memoryWarning,
        .ping, .peers(.init(wait: true)), .peerAdd(.init(address: "h:1")),
        .peerRemove(.init(address: "h:1")), .send(.init(files: ["/f"], peer: "p", offer: "o")),
        .receiving(.init(mode: .off)), .trust(.init(action: .add, fingerprint: "ab", autoAccept: false)),
        .pending, .accept(.init(offer: "o")), .decline(.init(offer: "o")),
        .cancel(.init(offer: "o")), .pair(.init(host: "h", port: 1)), .pairPending,
        .pairConfirm(.init(offer: "o", confirmed: true)), .pairAccept(.init(offer: "o", code: "123456")),
        .pairDecline(.init(offer: "o")), .state(.init(app: "a", discard: true)),
        .unlock(.init(data: "cGFzcw==")), .lock(.init(mode: .now)), .protectionStatus,
        .webShare(.init(files: ["/f"], pin: "1234")),
    ]

    @Test func theListCoversEveryType() {
        #expect(Set(Self.everyCase.map(\.type)).count == 26)
    }

    @Test(arguments: everyCase) func theIdGoesRightAfterTheTypeAndComesBack(_ request: ClientRequest) throws {
        let message = WireMessage.request(Envelope(id: 41, request))
        let line = String(decoding: WireCodec.encode(message), as: UTF8.self)
        #expect(line.hasPrefix(#"{"type":"\#(request.type)","id":41"#))
        #expect(line.components(separatedBy: #""id""#).count == 2)
        #expect(try WireCodec.decodeMessage(Array(line.utf8.dropLast())) == message)
        #expect(message.id == 41)
    }

    @Test func answersCarryTheirRequestsId() throws {
        let result = WireMessage.reply(Envelope(id: 9, .result(.init(outcome: .pong))))
        let line = WireCodec.encode(result)
        #expect(String(decoding: line, as: UTF8.self) == #"{"type":"result","id":9,"outcome":"pong"}"# + "\n")
        #expect(try WireCodec.decodeMessage(line.dropLast()).id == 9)
    }

    @Test func aRequestWithoutAnIdIsRefused() {
        #expect(throws: WireError.self) { try WireCodec.decodeMessage(Array(#"{"type":"ping"}"#.utf8)) }
    }

    @Test func aReceiverIsAnAddressOrAPeerName() {
        var send = ClientRequest.Send(files: ["/f"])
        send.setReceiver("[fe80::1]:53317")
        #expect(send.host == "fe80::1" && send.port == 53317 && send.peer == nil)
        send.setReceiver("kitchen")
        #expect(send.host == nil && send.port == nil && send.peer == "kitchen")
        var pair = ClientRequest.Pair()
        pair.setReceiver("10.0.0.5:53318")
        #expect(pair.host == "10.0.0.5" && pair.port == 53318 && pair.peer == nil)
    }
}
