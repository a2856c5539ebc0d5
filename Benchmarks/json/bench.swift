import Foundation

// Decodes one offer of many files again and again, by the hand-written decoder and by Foundation's
// JSONDecoder, and prints the median of each in milliseconds.
@main enum Bench {
    static func main() throws {
        let files = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 10_000
        let runs = 21
        let offer = TransferOffer(sender: "Kitchen", files: (0..<files).map {
            OfferedFile(id: "f\($0)", path: "photos/2024/IMG_\($0).jpg", size: UInt64(4096 + $0),
                        sha256: String(repeating: "ab", count: 32), uti: "public.jpeg", mime: "image/jpeg")
        })
        let body = Array(try JSONEncoder().encode(offer))
        let hand = try median(runs) { _ = try TransferOffer(json: body) }
        let codable = try median(runs) { _ = try JSONDecoder().decode(TransferOffer.self, from: Data(body)) }
        guard try TransferOffer(json: body) == offer else { fatalError("the hand-written decoder disagrees with Codable") }
        print("files=\(files) bytes=\(body.count) hand_ms=\(fmt(hand)) codable_ms=\(fmt(codable))")
    }

    static func median(_ runs: Int, _ work: () throws -> Void) throws -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try work()
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
        }
        return times.sorted()[runs / 2]
    }

    static func fmt(_ value: Double) -> String { String(format: "%.2f", value) }
}
