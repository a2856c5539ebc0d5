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
        let line = MessageCodec.encode(message)
        #expect(line.last == 0x0A)
        #expect(!line.dropLast().contains(0x0A), "one line")
        #expect(try MessageCodec.decode(line.dropLast()) == message)
        // And through the flat frame the daemon passes around.
        #expect(try WireMessage(frame: message.frame) == message)
        #expect(try WireCodec.decode(WireCodec.encode(message.frame, version: 2).dropLast(), version: 2) == message.frame)
        // And through the typed codec the layers use, in both versions (version 1's rows are
        // tab-joined `items` only a version 1 client reads).
        for version in [1, 2] where version == 2 || message.frame.version1Items == nil {
            #expect(try WireCodec.decodeMessage(WireCodec.encode(message, version: version).dropLast(), version: version) == message)
        }
        // A peer still on the flat frames reads the typed codec's lines, and the other way round.
        #expect(try WireCodec.decodeMessage(WireCodec.encode(message.frame, version: 2).dropLast(), version: 2) == message)
        #expect(try WireCodec.decode(WireCodec.encode(message, version: 2).dropLast(), version: 2) == message.frame)
    }

    @Test func theTypedCodecKeepsTheCrossFieldRules() {
        // Codable alone would take a send with neither files nor url.
        #expect(throws: WireError.self) {
            try WireCodec.decodeMessage(Array(#"{"type":"send","id":1,"peer":"laptop"}"#.utf8), version: 2)
        }
        #expect(throws: WireError.self) {
            try WireCodec.decodeMessage(Array(#"{"type":"open","id":1}"#.utf8), version: 2)
        }
    }

    @Test func rowsAreNestedObjectsInVersion2AndTabJoinedInVersion1() throws {
        var result = WireFrame(type: "result", id: 12)
        result.outcome = "ok"
        result.trusted = [.init(fingerprint: "ff", name: "laptop", autoAccept: false)]
        let two = String(decoding: WireCodec.encode(result, version: 2), as: UTF8.self)
        #expect(two.contains(#""trusted":[{"#))
        #expect(two.contains(#""autoAccept":false"#))
        #expect(!two.contains("items"))
        let one = String(decoding: WireCodec.encode(result, version: 1), as: UTF8.self)
        #expect(one.contains(#""items":["ff\tlaptop\task"]"#))
        #expect(!one.contains("trusted"))
    }

    @Test func theHotPathIsTheSameLineInBothVersions() throws {
        var open = WireFrame(type: "open", id: 1)
        open.url = "todolist://x"
        open.wait = true
        var result = WireFrame(type: "result", id: 1)
        result.outcome = "active"
        result.pid = 42
        for frame in [open, result] {
            #expect(WireCodec.encode(frame, version: 2) == WireCodec.encode(frame, version: 1))
            #expect(try WireCodec.decode(WireCodec.encode(frame).dropLast(), version: 2) == frame)
        }
        // A result with rows is not: it goes through the typed messages and keeps them.
        result.offers = [.init(id: "o", sender: "s", files: 1, bytes: 2, fingerprint: "f")]
        let line = WireCodec.encode(result, version: 2)
        #expect(line != WireCodec.encode(result, version: 1))
        #expect(try WireCodec.decode(line.dropLast(), version: 2).offers == result.offers)
    }

    /// The handshake goes through the hand-written writer and scanner too; what it writes is what
    /// Codable reads, and what Codable writes it reads, so any peer of either version agrees.
    @Test func theHandshakeTakesTheHandWrittenPathAndAgreesWithCodable() throws {
        let messages: [WireMessage] = [
            .handshake(.hello(.init(protocol: 2, role: .client))),
            .handshake(.hello(.init(protocol: 2, role: .app, token: "t0k\u{e9}n \"q\"", restoration: true))),
            .handshake(.welcome(.init(protocol: 2, server: "ferryd 1.0", bundleId: "com.acme.todo"))),
            .handshake(.error(.init(code: "unknown-token", message: "no launch\nhas it"))),
        ]
        for message in messages {
            let line = WireCodec.encode(message, version: 2)
            #expect(line == WireCodec.encode(message.frame, version: 1))
            #expect(try MessageCodec.decode(line.dropLast()) == message)
            #expect(try WireCodec.decodeMessage(MessageCodec.encode(message).dropLast(), version: 2) == message)
        }
    }

    @Test func version1TrustFramesBecomeTypedRequests() throws {
        let line = #"{"type":"trust","id":4,"event":"add","fingerprint":"ff","peer":"x","mode":"ask"}"#
        let frame = try WireCodec.decode(Array(line.utf8), version: 1)
        #expect(try WireMessage(frame: frame) == .request(.trust(.init(id: 4, action: .add, fingerprint: "ff", peer: "x",
                                                                        autoAccept: false))))
        let two = String(decoding: WireCodec.encode(frame, version: 2), as: UTF8.self)
        #expect(two.contains(#""action":"add""#) && two.contains(#""autoAccept":false"#))
        #expect(!two.contains("event") && !two.contains("mode"))
    }

    @Test func anUnknownTypeIsOneClearError() {
        #expect { try MessageCodec.decode(Array(#"{"type":"teleport","id":1}"#.utf8)) } throws: { error in
            (error as? WireError)?.message == #"unknown frame type "teleport""#
        }
    }

    @Test(arguments: [
        (#"{"type":"open","id":1}"#, #"missing field "url""#),
        (#"{"type":"quit","url":"x"}"#, #"missing field "id""#),
        (#"{"type":"result","id":1,"outcome":"ok","trusted":[{"name":"x"}]}"#, #"missing field "trusted[0].fingerprint""#),
        (#"{"type":"open","id":"1","url":"x:"}"#, "bad field id: expected an integer"),
        (#"{"id":1}"#, #"missing field "type""#),
        ("not json", "not JSON"),
    ])
    func aBadFrameNamesTheFieldAtFault(_ line: String, _ expected: String) {
        #expect { try MessageCodec.decode(Array(line.utf8)) } throws: { error in
            guard let error = error as? WireError, error.code == .malformedFrame else { return false }
            return error.message.contains(expected) && !error.message.contains("\n")
        }
    }

    @Test func anOverlongLineIsRefusedBeforeDecoding() {
        let line = Array(#"{"type":"ping","id":1,"x":""#.utf8) + Array(repeating: 0x61, count: WireFrame.maximumLength) + Array(#""}"#.utf8)
        #expect(throws: WireError.self) { try MessageCodec.decode(line) }
    }
}
