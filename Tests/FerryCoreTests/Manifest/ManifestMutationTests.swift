import Foundation
import Testing
@testable import FerryCore
import FerryTestSupport

/// Deterministic byte mutations of real manifests through the loader: whatever the bytes, the
/// answer is a manifest or one line, never a trap. (The libFuzzer targets go further; this keeps
/// the cheap part in every test run.)
@Suite(.offThePool) struct ManifestMutationTests {
    static let iterations = Int(ProcessInfo.processInfo.environment["FERRY_MUTATIONS"] ?? "") ?? 1_000

    /// A small xorshift generator, seeded, so a failure reproduces.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
    }

    static func mutate(_ original: [UInt8], _ random: inout Generator) -> [UInt8] {
        var bytes = original
        let interesting: [UInt8] = [0x00, 0x0F, 0x10, 0x13, 0x1F, 0x4F, 0x5F, 0x6F, 0x7F, 0x80, 0xAF, 0xDF, 0xFF]
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let index = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes[index] = interesting.randomElement(using: &random)!
            case 1: bytes[index] = UInt8.random(in: 0...255, using: &random)
            case 2: bytes.insert(contentsOf: bytes[index..<min(bytes.count, index + 8)], at: index)
            default: bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...8, using: &random)))
            }
            if bytes.isEmpty { bytes = original }
        }
        return bytes
    }

    @Test(arguments: ["valid/full.binary.plist", "valid/realistic-maps.plist", "valid/full.xml.plist"])
    func mutatedManifestsNeverTrap(_ fixture: String) throws {
        let original = try [UInt8](Data(contentsOf: FixtureCorpusTests.fixtures.appendingPathComponent(fixture)))
        var random = Generator(state: 0x9E37_79B9_7F4A_7C15 ^ UInt64(fixture.utf8.count))
        for _ in 0..<Self.iterations {
            let bytes = Self.mutate(original, &random)
            if case .failure(let error) = ManifestLoader.parse(Data(bytes), displayPath: "m.plist") {
                #expect(!error.description.contains("\n"))
            }
        }
    }
}
