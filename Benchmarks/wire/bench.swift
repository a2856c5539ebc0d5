// One open and its result through each codec: version 1 (hand-written) and version 2 (WireCodec,
// whose hot path is hand-written too) in one run; MessageCodec alone shows what Codable costs.
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
        for version in [1, 2] {
            let openLine = WireCodec.encode(open, version: version).dropLast()
            let resultLine = WireCodec.encode(result, version: version).dropLast()
            try time("v\(version) decode open  ", n) { _ = try WireCodec.decode(openLine, version: version) }
            if version == 2 {
                try time("Codable decode open", n) { _ = try MessageCodec.decode(openLine) }
                let message = try WireMessage(frame: result)
                time("Codable encode result", n) { _ = MessageCodec.encode(message) }
                try time("Codable decode result", n) { _ = try MessageCodec.decode(resultLine) }
            }
            time("v\(version) encode result", n) { _ = WireCodec.encode(result, version: version) }
            try time("v\(version) decode result", n) { _ = try WireCodec.decode(resultLine, version: version) }
            time("v\(version) encode open  ", n) { _ = WireCodec.encode(open, version: version) }
            // The typed face ferryd uses: decode to a WireMessage, encode a DaemonReply.
            try time("v\(version) decodeMessage open", n) { _ = try WireCodec.decodeMessage(openLine, version: version) }
            let typed = try WireMessage(frame: result)
            time("v\(version) encode typed result", n) { _ = WireCodec.encode(typed, version: version) }
        }
    }
}
