import Foundation
import Logging
import NIOHTTP1
import Testing
@testable import FerryLocalSend
@testable import FerryTransfer

/// Wrong PINs from addresses that rotate, each under its own limit of three a minute, run out
/// one budget shared by all (issue 25, item 6): the prepare-upload PIN and the web share's.
@Suite struct LocalSendPinBudgetTests {
    static let pin = "482913"

    /// The statuses of two wrong PINs from each of `count` addresses.
    static func guesses(_ count: Int, _ attempt: (String) async throws(LocalSendError) -> Void) async -> [Int] {
        var statuses: [Int] = []
        for host in 1...count {
            for _ in 0..<2 {
                do throws(LocalSendError) { try await attempt("10.9.\(host / 250).\(host % 250)") } catch { statuses.append(error.status) }
            }
        }
        return statuses
    }

    @Test func wrongUploadPinsFromManyAddressesRunOutTheSharedBudget() async throws {
        let fixture = try LocalSendFixture(pin: Self.pin)
        let sessions = fixture.sessions
        try await sessions.checkPin(Self.pin, address: "192.168.1.20")
        let statuses = await Self.guesses(40) { address throws(LocalSendError) in try await sessions.checkPin("000000", address: address) }
        #expect(statuses.filter { $0 == 401 }.count == 10, "the global burst, then no more guesses are judged")
        #expect(statuses.filter { $0 == 429 }.count == 70)
        let stranger = await #expect(throws: LocalSendError.self) { try await sessions.checkPin(Self.pin, address: "10.8.0.1") }
        #expect(stranger?.status == 429, "while the budget refills, a first try waits too")
        try await sessions.checkPin(Self.pin, address: "192.168.1.20")
    }

    @Test func wrongSharePinsFromManyAddressesRunOutTheBudgetAndTheOwnerGetsANewPin() async throws {
        let shares = LocalSendShares()
        let events = EventLog()
        _ = try await shares.start([], pin: Self.pin) { await events.add($0.message) }
        let statuses = await Self.guesses(40) { address throws(LocalSendError) in
            _ = try await shares.prepareDownload(session: nil, pin: "000000", address: address)
        }
        #expect(statuses.filter { $0 == 401 }.count == 10)
        #expect(statuses.filter { $0 == 429 }.count == 70)
        let told = try #require(await events.lines.first { $0.contains("the PIN is now ") })
        let new = try #require(told.components(separatedBy: "the PIN is now ").last?.prefix { $0.isNumber })
        #expect(new.count >= 6)
        #expect(new != Self.pin[...], "the guesses made so far are worth nothing")
    }

    /// Through the real server: addresses 127.0.0.2… each guess twice; the eleventh guess is
    /// refused with 429 and a Retry-After the sender can honour.
    @Test(arguments: ["prepare-upload", "prepare-download"])
    func rotatedSourcesGet429WithRetryAfterOverHTTPS(_ route: String) async throws {
        let fixture = try LocalSendFixture(pin: Self.pin)
        try await LocalSendServerTests.withServer(fixture) { server, port, sender in
            fixture.host.trust(sender.fingerprint)
            _ = try await server.shares.start([], pin: Self.pin) { _ in }
            var answers: [SourcedRequest.Answer] = []
            for host in 2...7 {
                for _ in 0..<2 {
                    answers.append(try await SourcedRequest.send(.POST, "/api/localsend/v2/\(route)?pin=000000", from: "127.0.0.\(host)",
                                                                 port: port, identity: sender))
                }
            }
            #expect(answers.prefix(10).map(\.status) == Array(repeating: 401, count: 10))
            let refused = try #require(answers.last)
            #expect(refused.status == 429)
            let wait = try #require(refused.headers.first(name: "Retry-After").flatMap(Int.init))
            #expect((1...60).contains(wait))
        }
    }
}
