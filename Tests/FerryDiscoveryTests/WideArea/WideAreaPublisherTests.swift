import FerryTestSupport
import FoundationEssentials
import Synchronization
import Testing
@testable import FerryDiscovery

/// The publisher's rounds against a stand-in server that answers every update with `rcode` (and a
/// TSIG error) and counts them: what goes out, when it is sent again, and what is withdrawn.
@Suite struct WideAreaPublisherTests {
    final class Server: Sendable {
        private let state = Mutex<(received: [DNSMessage], rcode: UInt8, tsigError: UInt16?, holder: String?)>(([], 0, nil, nil))

        /// The updates received; SRV queries are answered, not counted.
        var updates: [DNSMessage] { state.withLock { $0.received } }

        /// The SRV target the holder's zone holds at every instance name; nil for none.
        func hold(_ target: String?) {
            state.withLock { $0.holder = target }
        }

        func answer(rcode: UInt8, tsigError: UInt16?) {
            state.withLock { $0.rcode = rcode; $0.tsigError = tsigError }
        }

        var transport: WideAreaTransport {
            WideAreaTransport(
                exchange: { message, _, _ throws(DiscoveryError) in
                    if message.opcode == .query { return try self.answer(message) }
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

        private func answer(_ query: DNSMessage) throws(DiscoveryError) -> DNSMessage {
            var response = query
            response.isResponse = true
            if let holder = state.withLock({ $0.holder }), let question = query.questions.first {
                do {
                    // Only in the holder's own zone (instance._ferry._tcp.zone, host.zone).
                    guard try DNSName(labels: Array(question.name.labels.dropFirst(3))).matches(try DNSName(holder).parent) else {
                        return response
                    }
                    response.answers = [DNSRecord(question.name, .srv, ttl: 120, data: DNSRecordData.srv(port: 9, target: try DNSName(holder)))]
                } catch { throw DiscoveryError("\(error)") }
            }
            return response
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
        server.hold("ferry-0123.ferry.test")  // the zone holds ours from now on
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

    @Test func shutdownWithdrawsOurRecordsEvenBeforeTheFirstUpdate() async throws {
        let server = Server(), folder = try TemporaryFolder()
        var (publisher, settings) = try Self.publisher(server, folder: folder)
        // Left by a ferryd that was killed: our host, another port.
        server.hold("ferry-0123.ferry.test")
        await publisher.finish(settings, announcement: Self.announcement)
        #expect(server.updates.count == 1)
        #expect(server.updates[0].authority.map(\.recordClass) == [DNSClass.none, DNSClass.any, DNSClass.any])
        // Only while the SRV record is still exactly the one seen.
        #expect(server.updates[0].answers.map(\.type) == [.srv])
        #expect(DNSRecordData.readSRV(server.updates[0].answers[0].data)?.port == 9)
        settings.keyFile = nil
        await publisher.finish(settings, announcement: Self.announcement)
        #expect(server.updates.count == 1)
    }

    @Test func aNameAnotherDeviceHoldsIsNeitherTakenNorWithdrawn() async throws {
        let server = Server(), folder = try TemporaryFolder()
        var (publisher, settings) = try Self.publisher(server, folder: folder)
        server.hold("ferry-9999.ferry.test")
        await publisher.step(settings, announcement: Self.announcement, now: 100)
        #expect(server.updates.isEmpty)
        #expect(publisher.note == "cannot publish in ferry.test: \u{201C}Ferry A\u{201D} is taken in ferry.test by ferry-9999.ferry.test; give this device another name (FERRY_DEVICE_NAME)")
        await publisher.finish(settings, announcement: Self.announcement)
        #expect(server.updates.isEmpty)
        // A free name is published only while it stays free.
        server.hold(nil)
        await publisher.step(settings, announcement: Self.announcement, now: 200)
        #expect(server.updates.first?.answers.map(\.recordClass) == [DNSClass.none])
    }
}
