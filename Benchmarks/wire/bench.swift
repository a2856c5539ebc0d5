// One open and its result through the one codec (protocol 3), as ferryd and `ferry open` use it:
// a line decoded to a WireMessage, a typed message encoded to a line.
import FerryProtocol
import FoundationEssentials

@main struct Bench {
    static func time(_ name: String, _ n: Int, _ body: () throws -> Void) rethrows {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<n { try body() }
        let elapsed = clock.now - start
        let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        print("\(name): \(Int(ns / Double(n))) ns")
    }

    static func main() throws {
        let n = 200_000
        let open = WireMessage.request(.open(.init(id: 17, url: "todolist://item/42?x=1", background: false, wait: false)))
        let result = { var r = DaemonReply.Result(id: 17, outcome: .active); r.app = "com.acme.todo"; r.pid = 4242; return WireMessage.reply(.result(r)) }()
        let hello = WireMessage.handshake(.hello(.client))
        let openLine = WireCodec.encode(open).dropLast()
        let resultLine = WireCodec.encode(result).dropLast()
        let helloLine = WireCodec.encode(hello).dropLast()
        try time("decode open   ", n) { _ = try WireCodec.decodeMessage(openLine) }
        time("encode open   ", n) { _ = WireCodec.encode(open) }
        try time("decode result ", n) { _ = try WireCodec.decodeMessage(resultLine) }
        time("encode result ", n) { _ = WireCodec.encode(result) }
        try time("decode hello  ", n) { _ = try WireCodec.decodeMessage(helloLine) }
        time("encode hello  ", n) { _ = WireCodec.encode(hello) }
    }
}
