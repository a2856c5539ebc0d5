import NIOCore
import NIOEmbedded
import Testing
@testable import FerryTransfer

/// The idle clock runs only while this side wants to read and the peer sends nothing.
@Suite struct ReadIdleDeadlineTests {
    static func channel(timeout: TimeAmount = .seconds(60)) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(handler: ReadIdleDeadline(timeout: timeout))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return channel
    }

    @Test func aPeerSilentForTheTimeoutWhileAReadIsWantedIsCut() throws {
        let channel = try Self.channel()
        channel.read()
        channel.embeddedEventLoop.advanceTime(by: .seconds(59))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
    }

    @Test func aReaderHoldingReadsBackIsNeverCut() throws {
        let channel = try Self.channel()
        channel.read()
        try channel.writeInbound(ByteBuffer(string: "part of a body"))
        // No read() follows: the consumer is slow, backpressure holds the reads.
        channel.embeddedEventLoop.advanceTime(by: .seconds(600))
        #expect(channel.isActive)
        channel.read()
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(!channel.isActive)
    }

    @Test func dataStartsTheClockAgain() throws {
        let channel = try Self.channel()
        channel.read()
        channel.embeddedEventLoop.advanceTime(by: .seconds(50))
        try channel.writeInbound(ByteBuffer(string: "x"))
        channel.read()
        channel.embeddedEventLoop.advanceTime(by: .seconds(50))
        #expect(channel.isActive)
        channel.read()
        channel.embeddedEventLoop.advanceTime(by: .seconds(10))
        #expect(!channel.isActive)
    }
}
