import NIOCore
import NIOPosix
import Testing
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
            let start = ContinuousClock.now
            while channel.isActive && ContinuousClock.now - start < .seconds(20) {
                try await Task.sleep(for: .milliseconds(50))
            }
            defer { channel.close(promise: nil) }
            return !channel.isActive
        }
        #expect(closed)
    }
}
