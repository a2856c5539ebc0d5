import NIOCore
import NIOEmbedded
import Testing
@testable import FerryTransfer

/// The copy of each decrypted buffer handed on after the TLS handler.
@Suite struct PlaintextHandoffTests {
    @Test func theBytesGoOnUnchangedInABufferOfTheirOwn() throws {
        let channel = EmbeddedChannel(handler: PlaintextHandoff())
        var decrypted = ByteBufferAllocator().buffer(capacity: 64 * 1024)
        decrypted.writeBytes(Array("PUT /ferry/v1/offers/1/files/f0 HTTP/1.1\r\n".utf8))
        decrypted.moveReaderIndex(forwardBy: 4)
        try channel.writeInbound(decrypted)
        let passed = try #require(try channel.readInbound(as: ByteBuffer.self))
        #expect(passed == decrypted)
        #expect(passed.capacity < decrypted.capacity, "only the readable bytes are copied")
        passed.withUnsafeReadableBytes { copy in
            decrypted.withUnsafeReadableBytes { original in #expect(copy.baseAddress != original.baseAddress) }
        }
        #expect(try channel.finish().isClean)
    }
}
