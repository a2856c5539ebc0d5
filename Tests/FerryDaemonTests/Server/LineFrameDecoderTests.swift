import FerryCore
import NIOCore
import NIOEmbedded
import Testing
@testable import FerryDaemon

@Suite struct LineFrameDecoderTests {
    func channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(LineFrameDecoder.handler())
        return channel
    }

    func lines(_ channel: EmbeddedChannel) throws -> [String] {
        var lines: [String] = []
        while let line = try channel.readInbound(as: ByteBuffer.self) { lines.append(String(buffer: line)) }
        return lines
    }

    @Test func linesSplitAcrossWritesArriveWhole() throws {
        let channel = try channel()
        for part in [#"{"type":"pi"#, "ng\",\"id\":1}\n{\"type\"", ":\"ps\",\"id\":2}\n\n"] {
            try channel.writeInbound(ByteBuffer(string: part))
        }
        #expect(try lines(channel) == [#"{"type":"ping","id":1}"#, #"{"type":"ps","id":2}"#, ""])
    }

    @Test func theLongestFrameIsAcceptedInPieces() throws {
        let channel = try channel()
        let body = String(repeating: "a", count: WireCodec.maximumLength - 1)
        try channel.writeInbound(ByteBuffer(string: String(body.prefix(1000))))
        try channel.writeInbound(ByteBuffer(string: String(body.dropFirst(1000)) + "\n"))
        #expect(try lines(channel).map(\.count) == [WireCodec.maximumLength - 1])
    }

    @Test func aLineThatReachesTheLimitWithoutANewlineIsCut() throws {
        let channel = try channel()
        try channel.writeInbound(ByteBuffer(string: String(repeating: "a", count: WireCodec.maximumLength - 1)))
        #expect(throws: ByteToMessageDecoderError.PayloadTooLargeError.self) {
            try channel.writeInbound(ByteBuffer(string: "a"))
        }
    }
}
