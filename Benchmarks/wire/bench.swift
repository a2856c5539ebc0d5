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
        // The messages are read from their lines, so that one source builds against any tree with
        // this codec, whatever its message types look like (the baseline's bodies carry their id).
        let openLine = Array(#"{"type":"open","id":17,"url":"todolist://item/42?x=1","background":false,"wait":false}"#.utf8)
        let resultLine = Array(#"{"type":"result","id":17,"app":"com.acme.todo","outcome":"active","pid":4242}"#.utf8)
        let helloLine = Array(#"{"type":"hello","protocol":3,"role":"client"}"#.utf8)
        let open = try WireCodec.decodeMessage(openLine)
        let result = try WireCodec.decodeMessage(resultLine)
        let hello = try WireCodec.decodeMessage(helloLine)
        try time("decode open   ", n) { _ = try WireCodec.decodeMessage(openLine) }
        time("encode open   ", n) { _ = WireCodec.encode(open) }
        try time("decode result ", n) { _ = try WireCodec.decodeMessage(resultLine) }
        time("encode result ", n) { _ = WireCodec.encode(result) }
        try time("decode hello  ", n) { _ = try WireCodec.decodeMessage(helloLine) }
        time("encode hello  ", n) { _ = WireCodec.encode(hello) }
    }
}
