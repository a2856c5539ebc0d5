@testable import FerryProtocol
import Foundation
import Testing
import FerryTestSupport

@Suite(.offThePool) struct StateFrameTests {
    @Test(arguments: [0, 1, 2, 3, 4, 5, 63, 64, 65, 1000, 4099])
    func base64MatchesFoundation(_ count: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var encoded: [UInt8] = []
        bytes.withUnsafeBytes { Base64.encode($0, appendingTo: &encoded) }
        #expect(String(decoding: encoded, as: UTF8.self) == Data(bytes).base64EncodedString())
        #expect(encoded.withUnsafeBufferPointer { Base64.decode($0) } == bytes)
    }

    @Test(arguments: ["A", "AB=", "A===", "AB!=", "ab\ncd==", "====", "AB=C"])
    func malformedBase64IsRefused(_ text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { Base64.decode($0) } == nil)
    }

    @Test func stateDataFramesCarryTheArchiveUnderTheFrameLimit() throws {
        let archive = (0..<(AppReply.stateChunkSize * 2 + 17)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let chunks = AppReply.stateChunks(archive).map { Envelope(id: 42, $0) }
        #expect(chunks.count == 3)
        let lines = chunks.map { WireCodec.encode(.appReply($0)) }
        #expect(lines.allSatisfy { $0.count < WireCodec.maximumLength })
        let decoded = try lines.map { try WireCodec.decodeMessage($0.dropLast()) }
        #expect(decoded.allSatisfy { $0.type == "state-data" && $0.id == 42 })
        #expect(decoded.flatMap { message -> [UInt8] in
            if case .appReply(let reply) = message, case .stateData(let chunk) = reply.body { chunk.archiveBytes ?? [] } else { [] }
        } == archive)
    }

    @Test func archiveInfoRoundTripsThroughTheCodec() throws {
        let event = WireMessage.event(.init(id: 1, .event(.init(event: "willFinishLaunching",
                                                    archive: .init(bundleVersion: "1.2", interfaceIdiom: "desktop", appVersion: "3",
                                                                   savedAt: 1_795_000_000.5, size: 153)))))
        let line = WireCodec.encode(event)
        #expect(try WireCodec.decodeMessage(line.dropLast()) == event)
    }

    @Test func stateFramesNeedTheirFields() {
        #expect(throws: WireError.self) { try WireCodec.decodeMessage(Array(#"{"type":"state-data","id":1}"#.utf8)) }
        #expect(throws: WireError.self) { try WireCodec.decodeMessage(Array(#"{"type":"state","id":1}"#.utf8)) }
        #expect(throws: Never.self) { try WireCodec.decodeMessage(Array(#"{"type":"state","id":1,"app":"a","discard":true}"#.utf8)) }
    }

    @Test func escapesAndControlCharactersAreFoundAtEveryOffsetOfAWord() throws {
        for offset in 0..<24 {
            for special in ["\"", "\\", "\n", "é"] {
                let message = String(repeating: "a", count: offset) + special + String(repeating: "b", count: 19)
                let failure = WireMessage.handshake(.error(.init(code: "x", message: message)))
                #expect(try WireCodec.decodeMessage(WireCodec.encode(failure).dropLast()) == failure)
            }
            let raw = #"{"type":"error","code":"x","message":""# + String(repeating: "a", count: offset) + "\u{01}" + #"bbbbbbbbbbbbbbbbb"}"#
            #expect(throws: WireError.self) { try WireCodec.decodeMessage(Array(raw.utf8)) }
        }
    }
}
