import FerryTestSupport
import FoundationEssentials
import Synchronization
import Testing
@testable import FerryDiscovery

/// The publisher's rounds against a stand-in server that answers every update with `rcode` (and a
/// TSIG error) and counts them: what goes out, when it is sent again, and what is withdrawn.
@Suite struct WideAreaPublisherTests {
    final class Server: Sendable {
        private let state = Mutex<(received: [DNSMessage], rcode: UInt8, tsigError: UInt16?)>(([], 0, nil))

        var updates: [DNSMessage] { state.withLock { $0.received } }

        func answer(rcode: UInt8, tsigError: UInt16?) {
            state.withLock { $0.rcode = rcode; $0.tsigError = tsigError }
        }

        var transport: WideAreaTransport {
            WideAreaTransport(
                exchange: { message, _, _ throws(DiscoveryError) in
                    let (rcode, tsigError) = self.state.withLock { state in
                        state.received.append(message)
                        return (state.rcode, state.tsigError)
                    }
                    do { return try WideAreaUpdateTests.refusal(rcode: rcode, tsigError: tsigError) } catch {
                        throw DiscoveryError("\(error)")
                    }
                },
                localAddress: { _, _ throws(DiscoveryError) in "198.18.10.1" })
        }
    }

    static let announcement = ServiceAnnouncement(name: "Ferry A", type: "_ferry._tcp", port: 7417, txt: ["txtvers=1"])

    static func publisher(_ server: Server, folder: TemporaryFolder) throws -> (WideAreaPublisher, WideAreaSettings) {
        let key = folder.path + "/ferry.key"
        try Data(WideAreaUpdateTests.keyFile.utf8).write(to: URL(filePath: key))
        var publisher = WideAreaPublisher(
            configuration: WideAreaConfiguration(file: "/nonexistent", environment: [:], hostLabel: "ferry-0123"),
            logger: .init(label: "test"))
        publisher.transport = server.transport
        return (publisher, WideAreaSettings(domain: "ferry.test", keyFile: key, server: "198.18.30.53"))
    }

    @Test func recordsGoOutOnceAndAgainWhenTheRefreshIsDueOrTheyChange() async throws {
        let server = Server(), folder = try TemporaryFolder()
        var (publisher, settings) = try Self.publisher(server, folder: folder)
        await publisher.step(settings, announcement: Self.announcement, now: 100)
        await publisher.step(settings, announcement: Self.announcement, now: 103)
        #expect(server.updates.count == 1)
        #expect(publisher.note == "published in ferry.test as \u{201C}Ferry A\u{201D} (no lease granted, refreshed every 60 s)")
        await publisher.step(settings, announcement: Self.announcement, now: 160)
        #expect(server.updates.count == 2)
        var changed = Self.announcement
        changed.txt = ["txtvers=1", "mode=everyone"]
        await publisher.step(settings, announcement: changed, now: 161)
        #expect(server.updates.count == 3)
        #expect(server.updates.last?.additional.last?.type == .tsig)
        settings.domain = "other.test"
        await publisher.step(settings, announcement: changed, now: 162)
        // The old domain's records are withdrawn before the new domain's are published.
        #expect(server.updates.count == 5)
        #expect(server.updates[3].questions.first?.name == (try DNSName("ferry.test")))
        #expect(server.updates[3].authority.first?.recordClass == DNSClass.none)
    }

    @Test func aRefusalIsTriedAgainAfterTheRetryIntervalOrWhenTheSettingChanges() async throws {
        let server = Server(), folder = try TemporaryFolder()
        server.answer(rcode: 9, tsigError: 16)
        var (publisher, settings) = try Self.publisher(server, folder: folder)
        await publisher.step(settings, announcement: Self.announcement, now: 100)
        await publisher.step(settings, announcement: Self.announcement, now: 103)
        await publisher.step(settings, announcement: Self.announcement, now: 106)
        #expect(server.updates.count == 1)
        #expect(publisher.note?.hasSuffix("(NOTAUTH/BADSIG); check the --key file") == true)
        await publisher.step(settings, announcement: Self.announcement, now: 130)
        #expect(server.updates.count == 2)
        server.answer(rcode: 0, tsigError: nil)
        settings.server = "198.18.30.54"
        await publisher.step(settings, announcement: Self.announcement, now: 131)
        #expect(server.updates.count == 3)
        #expect(publisher.published != nil)
    }

    @Test func shutdownWithdrawsEvenBeforeTheFirstUpdate() async throws {
        let server = Server(), folder = try TemporaryFolder()
        var (publisher, settings) = try Self.publisher(server, folder: folder)
        await publisher.finish(settings, announcement: Self.announcement)
        #expect(server.updates.count == 1)
        #expect(server.updates[0].authority.map(\.recordClass) == [DNSClass.none, DNSClass.any, DNSClass.any])
        settings.keyFile = nil
        await publisher.finish(settings, announcement: Self.announcement)
        #expect(server.updates.count == 1)
    }
}
