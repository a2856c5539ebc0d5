import FerryProtocol
import FoundationEssentials
import Testing

@Suite struct WireMessageTests {
    static let fingerprint = String(repeating: "ab", count: 32)

    static let requests: [ClientRequest] = [
        .open(.init(url: "notes://n/1", app: "org.example.notes", source: "org.ferry.cli", annotation: "{}",
                    background: true, wait: true)),
        .ps, .quit(.init(app: "a.b")), .kill(.init(app: "a.b")),
        .memoryWarning, .ping, .peers(.init(wait: true)),
        .peerAdd(.init(address: "[::1]:53317")), .peerRemove(.init(address: "127.0.0.1:1")),
        .send(.init(files: ["/tmp/a b"], url: nil, peer: "laptop", host: "::1", port: 53317,
                    fingerprint: fingerprint, app: "a.b", offer: "s1")),
        .cancel(.init(offer: "s1")),
        .receiving(.init(mode: .everyone)),
        .trust(.init(action: .add, fingerprint: fingerprint, peer: "laptop", autoAccept: false)),
        .pending, .accept(.init(offer: "o1")), .decline(.init(offer: "o1")),
        .pair(.init(peer: "laptop")), .pairPending,
        .pairConfirm(.init(offer: "p1", confirmed: true)), .pairAccept(.init(offer: "p1", code: "123456")),
        .pairDecline(.init(offer: "p1")), .state(.init(app: "a.b", discard: true)),
        // LocalSend's PIN, its web share, and data protection survive version 2 too.
        .send(withPin), .webShare(.init(files: ["/tmp/photo.jpg"], pin: "1234")),
        .unlock(.init(data: "cGFzcw==")), .lock(.init(mode: .now)), .protectionStatus,
    ]

    static var withPin: ClientRequest.Send {
        var send = ClientRequest.Send(files: ["/tmp/a"], peer: "phone")
        send.pin = "0000"
        return send
    }

    static var replies: [DaemonReply] {
        var delivered = DaemonReply.Result(outcome: .delivered)
        delivered.peer = "laptop"
        delivered.deliveries = [.init(status: "delivered", app: "org.ferry.system.files", name: "a\tb.txt")]
        var trusted = DaemonReply.Result(outcome: .ok)
        trusted.trusted = [.init(fingerprint: fingerprint, name: "laptop", autoAccept: false)]
        var offers = DaemonReply.Result(outcome: .ok)
        offers.offers = [.init(id: "o1", sender: "Bob", files: 2, bytes: 1 << 40, fingerprint: fingerprint, url: nil)]
        var pairs = DaemonReply.Result(outcome: .ok)
        pairs.pairRequests = [.init(id: "p1", name: "laptop", code: "123456", fingerprint: fingerprint)]
        var opened = DaemonReply.Result(outcome: .launched)
        opened.app = "org.example.notes"
        opened.pid = 42
        opened.handled = true
        var progress = DaemonReply.Progress(event: .progress)
        progress.bytes = 5
        progress.total = 10
        var shared = DaemonReply.Progress(event: .shared)
        shared.message = "open https://198.18.0.1:53317/ on the other device"
        shared.items = ["https://198.18.0.1:53317/"]
        return [.result(delivered), .result(trusted), .result(offers), .result(pairs), .result(opened), .progress(progress), .progress(shared)]
    }

    static var messages: [WireMessage] {
        let numbered: [WireMessage] = requests.enumerated().map { .request(Envelope(id: $0.offset + 1, $0.element)) }
        let answers: [WireMessage] = replies.map { .reply(Envelope(id: 10, $0)) }
        return numbered + answers + [
            .peer(.init(event: .removed, message: "gone", peers: [.init(name: "laptop", host: "::1", addresses: ["::1"], port: 1, source: "manual", lastSeen: 0.5)])),
            .handshake(.hello(.init(protocol: 2, role: .app, token: "t", restoration: true))),
            .handshake(.welcome(.init(protocol: 2, server: "ferryd 0.1.0", bundleId: "a.b"))),
            .handshake(.error(.init(code: "malformed-frame", message: "no"))),
            .event(.init(id: 3, .event(.init(event: "open", url: "notes://n/1", options: .init(url: "notes://n/1", sourceApplication: "x"))))),
            .appReply(.init(id: 3, .reply(.init(result: true)))),
            .appReply(.init(id: 4, .stateData(.init(data: "AAAA")))),
        ]
    }

    @Test(arguments: messages)
    func everyMessageRoundTrips(_ message: WireMessage) throws {
        let line = WireCodec.encode(message)
        #expect(line.last == 0x0A)
        #expect(!line.dropLast().contains(0x0A), "one line")
        #expect(try WireCodec.decodeMessage(line.dropLast()) == message)
    }

    @Test func theTypedCodecKeepsTheCrossFieldRules() {
        // Codable alone would take a send with neither files nor url.
        #expect(throws: WireError.self) {
            try WireCodec.decodeMessage(Array(#"{"type":"send","id":1,"peer":"laptop"}"#.utf8))
        }
        #expect(throws: WireError.self) {
            try WireCodec.decodeMessage(Array(#"{"type":"open","id":1}"#.utf8))
        }
    }

    @Test func rowsAreNestedObjects() throws {
        var result = DaemonReply.Result(outcome: .ok)
        result.trusted = [.init(fingerprint: "ff", name: "laptop", autoAccept: false)]
        let line = String(decoding: WireCodec.encode(.reply(.init(id: 12, .result(result)))), as: UTF8.self)
        #expect(line.contains(#""trusted":[{"fingerprint":"ff","name":"laptop","autoAccept":false}]"#))
        #expect(!line.contains("items"))
        #expect(try WireCodec.decodeMessage(Array(line.utf8).dropLast()) == .reply(.init(id: 12, .result(result))))
    }


    @Test func version1TrustFramesAreRefused() {
        let line = #"{"type":"trust","id":4,"event":"add","fingerprint":"ff","peer":"x","mode":"ask"}"#
        #expect(throws: WireError(.malformedFrame, #"missing field "action" (see docs/protocol.md)"#)) {
            try WireCodec.decodeMessage(Array(line.utf8))
        }
    }

    @Test func anUnknownTypeIsOneClearError() {
        #expect { try WireCodec.decodeMessage(Array(#"{"type":"teleport","id":1}"#.utf8)) } throws: { error in
            (error as? WireError)?.message == #"unknown frame type "teleport""#
        }
    }

    @Test(arguments: [
        (#"{"type":"open","id":1}"#, #"missing field "url""#),
        (#"{"type":"quit","url":"x"}"#, #"missing field "id""#),
        (#"{"type":"result","id":1,"outcome":"ok","trusted":[{"name":"x"}]}"#, #"missing field "trusted[0].fingerprint""#),
        (#"{"type":"open","id":"1","url":"x:"}"#, "bad field id: expected an integer"),
        (#"{"id":1}"#, #"missing field "type""#),
        ("not json", #"expected a JSON object with a string "type""#),
    ])
    func aBadFrameNamesTheFieldAtFault(_ line: String, _ expected: String) {
        #expect { try WireCodec.decodeMessage(Array(line.utf8)) } throws: { error in
            guard let error = error as? WireError, error.code == .malformedFrame else { return false }
            return error.message.contains(expected) && !error.message.contains("\n")
        }
    }

    @Test func anOverlongLineIsRefusedBeforeDecoding() {
        let line = Array(#"{"type":"ping","id":1,"x":""#.utf8) + Array(repeating: 0x61, count: WireCodec.maximumLength) + Array(#""}"#.utf8)
        #expect(throws: WireError.self) { try WireCodec.decodeMessage(line) }
    }
}
