// One open and its result through the one codec (protocol 3): the flat frame, and the typed face
// ferryd uses (decode to a WireMessage, encode a DaemonReply).
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
        var open = WireFrame(type: "open", id: 17)
        open.url = "todolist://item/42?x=1"
        open.background = false
        open.wait = false
        var result = WireFrame(type: "result", id: 17)
        result.outcome = "active"
        result.app = "com.acme.todo"
        result.pid = 4242
        let openLine = WireCodec.encode(open).dropLast()
        let resultLine = WireCodec.encode(result).dropLast()
        try time("decode open  ", n) { _ = try WireCodec.decode(openLine) }
        time("encode result", n) { _ = WireCodec.encode(result) }
        try time("decode result", n) { _ = try WireCodec.decode(resultLine) }
        time("encode open  ", n) { _ = WireCodec.encode(open) }
        try time("decodeMessage open", n) { _ = try WireCodec.decodeMessage(openLine) }
        let typed = try WireMessage(frame: result)
        time("encode typed result", n) { _ = WireCodec.encode(typed) }
    }
}
