import FerryProtocol
import FoundationEssentials
import Testing

@Suite struct WireMessageTests {
    static let fingerprint = String(repeating: "ab", count: 32)

    static let requests: [ClientRequest] = [
        .open(.init(id: 1, url: "notes://n/1", app: "org.example.notes", source: "org.ferry.cli", annotation: "{}",
                    background: true, wait: true)),
        .ps(.init(id: 2)), .quit(.init(id: 3, app: "a.b")), .kill(.init(id: 4, app: "a.b")),
        .memoryWarning(.init(id: 5)), .ping(.init(id: 6)), .peers(.init(id: 7, wait: true)),
        .peerAdd(.init(id: 8, address: "[::1]:53317")), .peerRemove(.init(id: 9, address: "127.0.0.1:1")),
        .send(.init(id: 10, files: ["/tmp/a b"], url: nil, peer: "laptop", host: "::1", port: 53317,
                    fingerprint: fingerprint, app: "a.b", offer: "s1")),
        .cancel(.init(id: 22, offer: "s1")),
        .receiving(.init(id: 11, mode: .everyone)),
        .trust(.init(id: 12, action: .add, fingerprint: fingerprint, peer: "laptop", autoAccept: false)),
        .pending(.init(id: 13)), .accept(.init(id: 14, offer: "o1")), .decline(.init(id: 15, offer: "o1")),
        .pair(.init(id: 16, peer: "laptop")), .pairPending(.init(id: 17)),
        .pairConfirm(.init(id: 18, offer: "p1", confirmed: true)), .pairAccept(.init(id: 19, offer: "p1", code: "123456")),
        .pairDecline(.init(id: 20, offer: "p1")), .state(.init(id: 21, app: "a.b", discard: true)),
        // LocalSend's PIN, its web share, and data protection survive version 2 too.
        .send(withPin), .webShare(.init(id: 23, files: ["/tmp/photo.jpg"], pin: "1234")),
        .unlock(.init(id: 24, data: "cGFzcw==")), .lock(.init(id: 25, mode: .now)), .protectionStatus(.init(id: 26)),
    ]

    static var withPin: ClientRequest.Send {
        var send = ClientRequest.Send(id: 27, files: ["/tmp/a"], peer: "phone")
        send.pin = "0000"
        return send
    }

    static var replies: [DaemonReply] {
        var delivered = DaemonReply.Result(id: 10, outcome: .delivered)
        delivered.peer = "laptop"
        delivered.deliveries = [.init(status: "delivered", app: "org.ferry.system.files", name: "a\tb.txt")]
        var trusted = DaemonReply.Result(id: 12, outcome: .ok)
        trusted.trusted = [.init(fingerprint: fingerprint, name: "laptop", autoAccept: false)]
        var offers = DaemonReply.Result(id: 13, outcome: .ok)
        offers.offers = [.init(id: "o1", sender: "Bob", files: 2, bytes: 1 << 40, fingerprint: fingerprint, url: nil)]
        var pairs = DaemonReply.Result(id: 17, outcome: .ok)
        pairs.pairRequests = [.init(id: "p1", name: "laptop", code: "123456", fingerprint: fingerprint)]
        var opened = DaemonReply.Result(id: 1, outcome: .launched)
        opened.app = "org.example.notes"
        opened.pid = 42
        opened.handled = true
        var progress = DaemonReply.Progress(id: 10, event: .progress)
        progress.bytes = 5
        progress.total = 10
        var shared = DaemonReply.Progress(id: 23, event: .shared)
        shared.message = "open https://198.18.0.1:53317/ on the other device"
        shared.items = ["https://198.18.0.1:53317/"]
        return [.result(delivered), .result(trusted), .result(offers), .result(pairs), .result(opened), .progress(progress), .progress(shared),
                .peer(.init(event: .removed, message: "gone", peers: [.init(name: "laptop", host: "::1", addresses: ["::1"], port: 1, source: "manual", lastSeen: 0.5)]))]
    }

    static var messages: [WireMessage] {
        requests.map(WireMessage.request) + replies.map(WireMessage.reply) + [
            .handshake(.hello(.init(protocol: 2, role: .app, token: "t", restoration: true))),
            .handshake(.welcome(.init(protocol: 2, server: "ferryd 0.1.0", bundleId: "a.b"))),
            .handshake(.error(.init(code: "malformed-frame", message: "no"))),
            .event(.event(.init(id: 3, event: "open", url: "notes://n/1", options: .init(url: "notes://n/1", sourceApplication: "x")))),
            .appReply(.reply(.init(id: 3, result: true))),
            .appReply(.stateData(.init(id: 4, data: "AAAA"))),
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
        var result = DaemonReply.Result(id: 12, outcome: .ok)
        result.trusted = [.init(fingerprint: "ff", name: "laptop", autoAccept: false)]
        let line = String(decoding: WireCodec.encode(.reply(.result(result))), as: UTF8.self)
        #expect(line.contains(#""trusted":[{"fingerprint":"ff","name":"laptop","autoAccept":false}]"#))
        #expect(!line.contains("items"))
        #expect(try WireCodec.decodeMessage(Array(line.utf8).dropLast()) == .reply(.result(result)))
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
