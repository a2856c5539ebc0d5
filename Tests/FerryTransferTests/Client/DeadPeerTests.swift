import Foundation
import Synchronization
import Testing
@testable import FerryTransfer

/// A receiver that is alive but stops reading for a while (its disk stalled, its file threads
/// busy) keeps acknowledging the sender's zero-window probes: the send must wait for it, not give
/// up after the dead-peer limit as if its cable had been pulled.
@Suite struct DeadPeerTests {
    @Test func aReceiverThatStopsReadingLongerThanTheLimitIsWaitedFor() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let path = loop.scratch.path + "/sender/big.bin"
        try FileManager.default.createDirectory(atPath: loop.scratch.path + "/sender", withIntermediateDirectories: true)
        try Data(repeating: 0x5a, count: 24 << 20).write(to: URL(fileURLWithPath: path))
        let files = try LocalFile.collect([path])
        let client = TransferClient(identity: loop.senderIdentity, senderName: "sender", deadPeerSeconds: 2)
        let relay = Mutex<StallingRelay?>(nil)
        let outcome = try await loop.withServer { port in
            let stalling = try StallingRelay(upstream: port, stallAfter: 1 << 20, fault: .pause(8))
            relay.withLock { $0 = stalling }
            defer { stalling.stop() }
            return try await client.send(files, to: loop.endpoint(stalling.port))
        }
        #expect(relay.withLock { $0?.stalled.load(ordering: .relaxed) } == true)
        guard case .delivered = outcome else { Issue.record("not delivered: \(outcome)"); return }
        #expect(try Data(contentsOf: URL(fileURLWithPath: loop.host.inbox() + "/big.bin")).count == 24 << 20)
    }

    @Test func aReceiverThatStopsAcknowledgingIsGivenUpAfterTheLimit() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let path = loop.scratch.path + "/sender/big.bin"
        try FileManager.default.createDirectory(atPath: loop.scratch.path + "/sender", withIntermediateDirectories: true)
        try Data(repeating: 0x5a, count: 24 << 20).write(to: URL(fileURLWithPath: path))
        let files = try LocalFile.collect([path])
        let client = TransferClient(identity: loop.senderIdentity, senderName: "sender", deadPeerSeconds: 2)
        let start = ContinuousClock.now
        let error = await loop.withServerCatching { port in
            let deaf = try StallingRelay(upstream: port, stallAfter: 1 << 20, fault: .deaf)
            defer { deaf.stop() }
            return try await client.send(files, to: loop.endpoint(deaf.port))
        }
        // TCP alone retransmits for about 15 minutes before it gives up; the bound leaves room for
        // the set-up (hashing, two TLS handshakes) on a loaded machine, where it took up to 24 s.
        #expect(ContinuousClock.now - start < .seconds(120))
        #expect(error?.message.contains("stopped answering: no acknowledgement for") == true, "\(String(describing: error))")
    }
}
