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
        let archive = (0..<(WireFrame.stateChunkSize * 2 + 17)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let frames = WireFrame.stateData(archive, id: 42)
        #expect(frames.count == 3)
        let lines = frames.map { WireCodec.encode($0) }
        #expect(lines.allSatisfy { $0.count < WireFrame.maximumLength })
        let decoded = try lines.map { try WireCodec.decode($0.dropLast()) }
        #expect(decoded.allSatisfy { $0.type == "state-data" && $0.id == 42 })
        #expect(decoded.flatMap { $0.stateBytes ?? [] } == archive)
    }

    @Test func archiveInfoRoundTripsThroughTheCodec() throws {
        var frame = WireFrame(type: "event", id: 1)
        frame.event = "willFinishLaunching"
        frame.archive = WireFrame.ArchiveInfo(bundleVersion: "1.2", interfaceIdiom: "desktop", appVersion: "3",
                                              savedAt: 1_795_000_000.5, size: 153)
        frame.restoration = true
        let line = WireCodec.encode(frame)
        #expect(try WireCodec.decode(line.dropLast()) == frame)
    }

    @Test func stateFramesNeedTheirFields() {
        #expect(throws: WireError.self) { try WireCodec.decode(Array(#"{"type":"state-data","id":1}"#.utf8)) }
        #expect(throws: WireError.self) { try WireCodec.decode(Array(#"{"type":"state","id":1}"#.utf8)) }
        #expect(throws: Never.self) { try WireCodec.decode(Array(#"{"type":"state","id":1,"app":"a","discard":true}"#.utf8)) }
    }

    @Test func escapesAndControlCharactersAreFoundAtEveryOffsetOfAWord() throws {
        for offset in 0..<24 {
            for special in ["\"", "\\", "\n", "é"] {
                var frame = WireFrame(type: "ping", id: 1)
                frame.message = String(repeating: "a", count: offset) + special + String(repeating: "b", count: 19)
                #expect(try WireCodec.decode(WireCodec.encode(frame).dropLast()) == frame)
            }
            let raw = #"{"type":"ping","id":1,"message":""# + String(repeating: "a", count: offset) + "\u{01}" + #"bbbbbbbbbbbbbbbbb"}"#
            #expect(throws: WireError.self) { try WireCodec.decode(Array(raw.utf8)) }
        }
    }
}
