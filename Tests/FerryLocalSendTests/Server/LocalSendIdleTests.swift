import NIOCore
import NIOPosix
import Testing
import FerryTestSupport
@testable import FerryLocalSend

/// A connection that sends nothing holds a slot of the listener only for the idle timeout. Before,
/// the listener had NIO's idle handler and nothing acting on its event: such a connection stayed
/// for ever.
@Suite struct LocalSendIdleTests {
    @Test func aConnectionThatSendsNothingIsClosedAfterTheIdleTimeout() async throws {
        let fixture = try LocalSendFixture()
        var limits = LocalSendFixture.quick
        limits.connections.idleSeconds = 1
        let closed = try await LocalSendServerTests.withServer(fixture, limits: limits) { _, port, _ in
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connect(host: "127.0.0.1", port: port).get()
            defer { channel.close(promise: nil) }
            return await waitUntil("the server to close a connection idle past 1 s", within: .seconds(20)) { !channel.isActive }
        }
        #expect(closed)
    }
}
