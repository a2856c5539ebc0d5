import FerryProtocol
import Testing

/// The codec writes every message byte for byte as the flat frame's writer did before it was
/// retired (the lines below were printed by that writer, commit fac91cf), and reads those lines
/// back into the same messages: apps written to docs/protocol.md see no change.
@Suite struct WireCodecBytesTests {
    static let cases = Array(zip(goldenSamples, goldenLines))

    @Test(arguments: cases)
    func aMessageIsTheLineItAlwaysWas(_ message: WireMessage, _ line: String) throws {
        #expect(String(decoding: WireCodec.encode(message), as: UTF8.self) == line + "\n")
        #expect(try WireCodec.decodeMessage(Array(line.utf8)) == message)
    }

    @Test func everyRequestTypeHasASample() {
        let types = Set(goldenSamples.compactMap { message -> String? in
            if case .request = message { message.type } else { nil }
        })
        #expect(types.count == 26)
    }
}

/// The lines the flat frame's writer wrote for ``goldenSamples``, in order.
let goldenLines: [String] = [
    ##"{"type":"hello","protocol":3,"role":"app","token":"t","restoration":true}"##,
    ##"{"type":"hello","protocol":2,"role":"client"}"##,
    ##"{"type":"welcome","protocol":3,"server":"ferryd 0.1.0","bundleId":"a.b"}"##,
    ##"{"type":"welcome","protocol":3,"server":"ferryd 0.1.0","bundleId":"a.b","identifierForVendor":"6F9619FF-8B86-D011-B42D-00C04FC964FF"}"##,
    ##"{"type":"error","message":"no","code":"malformed-frame"}"##,
    ##"{"type":"result","id":1,"outcome":"pong"}"##,
    ##"{"type":"result","id":17,"app":"com.acme.todo","outcome":"active","pid":4242,"handled":true}"##,
    ##"{"type":"result","id":3,"app":"com.a","outcome":"ok","pid":-1,"handled":false,"message":"m\n\t\u0001é🚢","code":"123456","failure":"declined","command":{"executable":"/bin/sh","arguments":["sh","-c","echo \"$1\"","a b"],"environment":{"A":"","X":"y=z"}},"apps":[{"bundleId":"com.a","state":"active","pid":42,"since":1700000000.25},{"bundleId":"b","state":"background","since":0.0}],"address":"h:1","peers":[{"name":"K\"x","host":"k.local","addresses":["1.2.3.4","fe80::1"],"port":47120,"source":"multicast","deviceId":"d1","fingerprint":"aa","mode":"contacts","protocolVersion":3,"lastSeen":12.5,"reachable":true,"model":"Pixel","deviceType":"mobile"}],"fingerprint":"cd","peer":"desk","mode":"contacts","offer":"o1","archive":{"bundleVersion":"1","interfaceIdiom":"desktop","appVersion":"2","savedAt":3.5,"size":9},"protection":{"lock":"locked","available":false,"enforced":true,"keys":{"A":"absent","B":"present"},"held":1},"deliveries":[{"status":"delivered","app":"com.a","name":"a.txt"},{"status":"held","name":"b"}],"trusted":[{"fingerprint":"ff","name":"laptop","autoAccept":false},{"fingerprint":"ee","name":"x"}],"offers":[{"id":"k3","sender":"s","files":2,"bytes":18446744073709551615,"fingerprint":"ab","url":"u://x"}],"pairRequests":[{"id":"p1","name":"phone","code":"123456","fingerprint":"ab"}]}"##,
    ##"{"type":"progress","id":5,"event":"progress","message":"hi","files":["a.txt","b"],"items":["http://x/1"],"file":"a.txt","bytes":10,"total":20,"fileBytes":3,"fileTotal":4}"##,
    ##"{"type":"progress","id":6,"event":"accepted"}"##,
    ##"{"type":"peer","event":"removed","message":"gone","peers":[{"name":"K\"x","host":"k.local","addresses":["1.2.3.4","fe80::1"],"port":47120,"source":"multicast","deviceId":"d1","fingerprint":"aa","mode":"contacts","protocolVersion":3,"lastSeen":12.5,"reachable":true,"model":"Pixel","deviceType":"mobile"}]}"##,
    ##"{"type":"event","id":1,"event":"didBecomeActive"}"##,
    ##"{"type":"event","id":2,"event":"open","url":"todo://x?a=1&b=\"","options":{"url":"todo://x","sourceApplication":"s","annotation":"n"}}"##,
    ##"{"type":"event","id":3,"event":"willFinishLaunching","archive":{"bundleVersion":"2","interfaceIdiom":"desktop","appVersion":"1","savedAt":5.0,"size":7}}"##,
    ##"{"type":"reply","id":3,"result":true,"archive":{"appVersion":"2","size":4}}"##,
    ##"{"type":"reply","id":4,"result":false}"##,
    ##"{"type":"state-data","id":4,"data":"AAAA"}"##,
    ##"{"type":"open","id":7,"url":"todolist://x/a%20b?q=\"quoted\"\\#frag","app":"com.acme.todo","source":"s","annotation":"n","background":true,"wait":false}"##,
    ##"{"type":"ps","id":1}"##,
    ##"{"type":"quit","id":2,"app":"a"}"##,
    ##"{"type":"kill","id":3,"app":"b"}"##,
    ##"{"type":"memory-warning","id":4}"##,
    ##"{"type":"ping","id":5}"##,
    ##"{"type":"peers","id":6,"wait":true}"##,
    ##"{"type":"peer-add","id":7,"address":"h:1"}"##,
    ##"{"type":"peer-remove","id":8,"address":"[::1]:2"}"##,
    ##"{"type":"send","id":9,"url":"u://x","app":"com.a","files":["/a","/b"],"host":"::1","port":53317,"fingerprint":"ab","peer":"p","offer":"s1","pin":"1234"}"##,
    ##"{"type":"send","id":10,"files":["/a"],"peer":"kitchen"}"##,
    ##"{"type":"receiving","id":11,"mode":"everyone"}"##,
    ##"{"type":"receiving","id":12}"##,
    ##"{"type":"trust","id":13,"fingerprint":"ab","peer":"laptop","action":"add","autoAccept":false}"##,
    ##"{"type":"pending","id":14}"##,
    ##"{"type":"accept","id":15,"offer":"o"}"##,
    ##"{"type":"decline","id":16,"offer":"o"}"##,
    ##"{"type":"cancel","id":17,"offer":"o"}"##,
    ##"{"type":"pair","id":18,"host":"h","port":1,"fingerprint":"f","peer":"p"}"##,
    ##"{"type":"pair-pending","id":19}"##,
    ##"{"type":"pair-confirm","id":20,"offer":"o","confirmed":true}"##,
    ##"{"type":"pair-accept","id":21,"code":"123456","offer":"o"}"##,
    ##"{"type":"pair-decline","id":22,"offer":"o"}"##,
    ##"{"type":"state","id":23,"app":"a","discard":true}"##,
    ##"{"type":"unlock","id":24,"data":"cGFzcw=="}"##,
    ##"{"type":"lock","id":25,"mode":"now"}"##,
    ##"{"type":"protection-status","id":26}"##,
    ##"{"type":"web-share","id":27,"files":["/x"],"pin":"12"}"##,
]

/// One message of every kind, each member set, for the byte-for-byte checks of the codec.
let goldenSamples: [WireMessage] = {
    var row = DaemonReply.PeerRow(name: "K\"x", host: "k.local", addresses: ["1.2.3.4", "fe80::1"], port: 47120, source: "multicast", lastSeen: 12.5)
    row.deviceId = "d1"
    row.fingerprint = "aa"
    row.mode = "contacts"
    row.protocolVersion = 3
    row.reachable = true
    row.model = "Pixel"
    row.deviceType = "mobile"
    var everything = DaemonReply.Result(outcome: .ok)
    everything.app = "com.a"
    everything.pid = -1
    everything.handled = false
    everything.message = "m\n\t\u{1}é🚢"
    everything.code = "123456"
    everything.failure = .declined
    everything.command = .init(executable: "/bin/sh", arguments: ["sh", "-c", "echo \"$1\"", "a b"], environment: ["X": "y=z", "A": ""])
    everything.apps = [.init(bundleId: "com.a", state: "active", pid: 42, since: 1_700_000_000.25), .init(bundleId: "b", state: "background", pid: nil, since: 0)]
    everything.peers = [row]
    everything.address = "h:1"
    everything.mode = .contacts
    everything.peer = "desk"
    everything.fingerprint = "cd"
    everything.offer = "o1"
    everything.deliveries = [.init(status: "delivered", app: "com.a", name: "a.txt"), .init(status: "held", app: nil, name: "b")]
    everything.trusted = [.init(fingerprint: "ff", name: "laptop", autoAccept: false), .init(fingerprint: "ee", name: "x")]
    everything.offers = [.init(id: "k3", sender: "s", files: 2, bytes: 18_446_744_073_709_551_615, fingerprint: "ab", url: "u://x")]
    everything.pairRequests = [.init(id: "p1", name: "phone", code: "123456", fingerprint: "ab")]
    everything.archive = .init(bundleVersion: "1", interfaceIdiom: "desktop", appVersion: "2", savedAt: 3.5, size: 9)
    everything.protection = .init(lock: "locked", available: false, enforced: true, keys: ["B": "present", "A": "absent"], held: 1)
    var opened = DaemonReply.Result(outcome: .active)
    opened.app = "com.acme.todo"
    opened.pid = 4242
    opened.handled = true
    var progress = DaemonReply.Progress(event: .progress)
    progress.file = "a.txt"
    progress.files = ["a.txt", "b"]
    progress.bytes = 10
    progress.total = 20
    progress.fileBytes = 3
    progress.fileTotal = 4
    progress.message = "hi"
    progress.items = ["http://x/1"]
    var send = ClientRequest.Send(files: ["/a", "/b"], url: "u://x", peer: "p", host: "::1", port: 53317, fingerprint: "ab", app: "com.a", offer: "s1")
    send.pin = "1234"
    // Numbered as the golden lines are: the open 7, then each request by its place.
    let requests: [ClientRequest] = [
        .open(.init(url: "todolist://x/a%20b?q=\"quoted\"\\#frag", app: "com.acme.todo", source: "s", annotation: "n", background: true, wait: false)),
        .ps, .quit(.init(app: "a")), .kill(.init(app: "b")), .memoryWarning, .ping,
        .peers(.init(wait: true)), .peerAdd(.init(address: "h:1")), .peerRemove(.init(address: "[::1]:2")),
        .send(send), .send(.init(files: ["/a"], peer: "kitchen")), .receiving(.init(mode: .everyone)), .receiving(.init()),
        .trust(.init(action: .add, fingerprint: "ab", peer: "laptop", autoAccept: false)), .pending,
        .accept(.init(offer: "o")), .decline(.init(offer: "o")), .cancel(.init(offer: "o")),
        .pair(.init(peer: "p", host: "h", port: 1, fingerprint: "f")), .pairPending,
        .pairConfirm(.init(offer: "o", confirmed: true)), .pairAccept(.init(offer: "o", code: "123456")),
        .pairDecline(.init(offer: "o")), .state(.init(app: "a", discard: true)), .unlock(.init(data: "cGFzcw==")),
        .lock(.init(mode: .now)), .protectionStatus, .webShare(.init(files: ["/x"], pin: "12")),
    ]
    return [
        .handshake(.hello(.init(protocol: 3, role: .app, token: "t", restoration: true))),
        .handshake(.hello(.init(protocol: 2, role: .client))),
        .handshake(.welcome(.init(protocol: 3, server: "ferryd 0.1.0", bundleId: "a.b"))),
        .handshake(.welcome(.init(protocol: 3, server: "ferryd 0.1.0", bundleId: "a.b", identifierForVendor: "6F9619FF-8B86-D011-B42D-00C04FC964FF"))),
        .handshake(.error(.init(code: "malformed-frame", message: "no"))),
        .reply(.init(id: 1, .result(DaemonReply.Result(outcome: .pong)))), .reply(.init(id: 17, .result(opened))), .reply(.init(id: 3, .result(everything))),
        .reply(.init(id: 5, .progress(progress))), .reply(.init(id: 6, .progress(.init(event: .accepted)))),
        .peer(.init(event: .removed, message: "gone", peers: [row])),
        .event(.init(id: 1, .event(.init(event: "didBecomeActive")))),
        .event(.init(id: 2, .event(.init(event: "open", url: "todo://x?a=1&b=\"", options: .init(url: "todo://x", sourceApplication: "s", annotation: "n"))))),
        .event(.init(id: 3, .event(.init(event: "willFinishLaunching", archive: .init(bundleVersion: "2", interfaceIdiom: "desktop", appVersion: "1", savedAt: 5, size: 7))))),
        .appReply(.init(id: 3, .reply(.init(result: true, archive: .init(appVersion: "2", size: 4))))),
        .appReply(.init(id: 4, .reply(.init(result: false)))),
        .appReply(.init(id: 4, .stateData(.init(data: "AAAA")))),
    ] + zip([7] + Array(1...27), requests).map { WireMessage.request(Envelope(id: $0, $1)) }
}()
