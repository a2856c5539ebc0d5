import Foundation
import Testing
@testable import FerryLocalSend
@testable import FerryTransfer

/// A LocalSend device that vanishes mid-conversation (its cable pulled, its Wi-Fi gone) is given
/// up after the dead-peer limit with one line saying so. Before, the client had no watchdog and
/// waited for TCP's own give-up, about 15 minutes.
@Suite struct LocalSendClientDeadPeerTests {
    @Test(.timeLimit(.minutes(2))) func aDeviceThatStopsAcknowledgingIsGivenUpAfterTheLimit() async throws {
        let fixture = try LocalSendFixture()
        let identity = try DeviceIdentity.loadOrCreate(directory: fixture.path + "/identity")
        let deaf = try DeafListener()
        defer { deaf.stop() }
        let start = ContinuousClock.now
        let error = await #expect(throws: TransferError.self) {
            try await LocalSendClient(identity: identity, deadPeerSeconds: 2).withConnection(host: "127.0.0.1", port: deaf.port, fingerprint: nil) { http in
                try await http.request(.POST, "/api/localsend/v2/register", json: Array("{}".utf8))
            }
        }
        let message = error?.message ?? ""
        #expect(message.hasPrefix("127.0.0.1:\(deaf.port) stopped answering: no acknowledgement for "), "\(message)")
        #expect(message.hasSuffix(" s (it left the network, or its cable was pulled); send again"), "\(message)")
        // 2 s of silence and up to two 0.5 s samples; the rest is room for a loaded machine.
        #expect(ContinuousClock.now - start < .seconds(60))
    }
}
