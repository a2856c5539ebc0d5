import FerryTestSupport
import Foundation
import Testing
@testable import FerryLocalSend
@testable import FerryTransfer

/// A LAN stranger (Support/attacker.py: no certificate, no PIN) against the LocalSend port: the
/// same connection caps, head deadline and body budget as Ferry's port, through one ListenerGate.
/// Before, 20,000 idle connections held 20,000 fds and 100 stalled bodies 1.4 GB.
@Suite(.offThePool) struct LocalSendHardeningTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Support/attacker.py").path

    /// Runs the attacker and decodes its one line of JSON.
    static func attack<T: Decodable>(_ arguments: [String], as: T.Type) throws -> T {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode(T.self, from: data)
    }

    struct Answer: Decodable { var status: Int; var retryAfter: Int?; var after: Double? }

    @Test func connectionsPastTheCapsAreClosedBeforeTLS() async throws {
        let fixture = try LocalSendFixture()
        var limits = LocalSendFixture.quick
        limits.connections.maximumPerAddress = 4
        limits.connections.maximumConnections = 6
        let open = try await LocalSendServerTests.withServer(fixture, limits: limits) { server, port, _ in
            try Self.attack(["connections", "\(port)", "127.0.0.1:12,127.0.0.2:4"], as: [String: Int].self)
        }
        #expect(open["127.0.0.1"] == 4, "one address holds at most its 4: \(open)")
        #expect(open["127.0.0.2"] == 2, "everyone together holds at most 6: \(open)")
    }

    @Test func aConnectionThatSendsNoHeadIsClosedAtTheHeadDeadline() async throws {
        let fixture = try LocalSendFixture()
        var limits = LocalSendFixture.quick
        limits.connections.headSeconds = 1
        struct Closed: Decodable { var closedAfter: Double }
        let closed = try await LocalSendServerTests.withServer(fixture, limits: limits) { _, port, _ in
            try Self.attack(["head", "\(port)"], as: Closed.self)
        }
        #expect(closed.closedAfter < 5, "the idle limit is 120 s; the head deadline 1 s: \(closed.closedAfter)")
    }

    @Test func withReceivingOffAPrepareUploadIsRefusedFromItsHeadAlone() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.setMode(.off)
        let answers = try await LocalSendServerTests.withServer(fixture) { server, port, _ in
            // 8 MiB announced, 1 KiB sent: the answer must not wait for the rest.
            let answers = try Self.attack(["stall", "\(port)", "3", "\(8 << 20)", "1024"], as: [Answer].self)
            #expect(server.gate.bodies.inUse == 0)
            return answers
        }
        #expect(answers.map(\.status) == [403, 403, 403])
    }

    @Test func stalledBodiesShareOneBudgetAndTheRestAreToldToComeBack() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.setMode(.everyone(until: Date() + 3600))
        var limits = LocalSendFixture.quick
        limits.connections.bodyBudget = 1 << 20
        limits.connections.strangerBodyBudget = 1 << 20
        let (answers, held) = try await LocalSendServerTests.withServer(fixture, limits: limits) { server, port, _ in
            // Four bodies of 2,000,000 bytes, 400 KiB of each sent: 1.6 MiB against a 1 MiB budget.
            let answers = try Self.attack(["stall", "\(port)", "4", "2000000", "\(400 << 10)"], as: [Answer].self)
            return (answers, server.gate.bodies.inUse)
        }
        let busy = answers.filter { $0.status == 503 }
        #expect(busy.count >= 1, "\(answers)")
        #expect(busy.allSatisfy { $0.retryAfter == RequestBody.retryAfterSeconds })
        #expect(answers.allSatisfy { $0.status == 503 || $0.status == 0 }, "the others are still being read: \(answers)")
        #expect(held <= 1 << 20)
    }

    @Test func aListOfTooManyFilesIsCutWhileItStreams() async throws {
        let fixture = try LocalSendFixture()
        fixture.host.setMode(.everyone(until: Date() + 3600))
        var limits = LocalSendFixture.quick
        limits.maximumFiles = 100
        let answer = try await LocalSendServerTests.withServer(fixture, limits: limits) { _, port, _ in
            // 5,000 entries (~400 KB) in a body that never ends: only a count kept while the
            // bytes arrive can refuse it.
            try Self.attack(["entries", "\(port)", "5000"], as: Answer.self)
        }
        #expect(answer.status == 413)
    }
}
