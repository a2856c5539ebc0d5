import Testing
@testable import FerryLocalSend

/// Issue 25, item 3: every announcement was answered by a register at the address and port it
/// named, in a task of its own: 24,000 announcements made 14,539 outgoing connections. The
/// decision is now this state machine's, fed events here without sockets.
@Suite struct AnnounceAnswersTests {
    static func fingerprint(_ n: Int) -> String { String(n, radix: 16) }

    @Test func aFloodOfFreshFingerprintsGetsAFewRegistersAndAtMostOneMulticastASecond() {
        var answers = AnnounceAnswers()
        var registers = 0, multicasts = 0, most = 0
        for n in 0..<24_000 {
            let now = Double(n) / 1000 // 24 s of 1,000 announcements a second, each from another address
            switch answers.announce(from: "10.\(n / 65536 % 256).\(n / 256 % 256).\(n % 256)", port: 53317, fingerprint: Self.fingerprint(n), now: now) {
            case .register: registers += 1
            case .multicast: multicasts += 1
            case .ignore: break
            }
            most = max(most, answers.inFlight)
        }
        #expect(most == 4)
        #expect(registers == 4)
        #expect(multicasts <= 25)
        #expect(answers.remembered <= 2 * (16 + 20))
    }

    @Test func registersInFlightAreCappedAndTheRestAnsweredByMulticast() {
        var answers = AnnounceAnswers()
        let actions = (0..<6).map { answers.announce(from: "10.0.0.\($0)", port: 53317, fingerprint: "f\($0)", now: 0) }
        #expect(actions.prefix(4).allSatisfy { if case .register = $0 { true } else { false } })
        #expect(actions[4] == .multicast)
        #expect(actions[5] == .ignore(.multicastJustSent))
        #expect(answers.registerFinished(succeeded: true, now: 0.5) == .ignore(.registered))
        #expect(answers.announce(from: "10.0.0.9", port: 53317, fingerprint: "f9", now: 0.5) == .register(address: "10.0.0.9", port: 53317))
        #expect(answers.registerFinished(succeeded: false, now: 2) == .multicast)
    }

    @Test func oneAnswerPerDeviceAndPerTargetInTheWindow() {
        var answers = AnnounceAnswers()
        #expect(answers.announce(from: "10.0.0.2", port: 53317, fingerprint: "AA", now: 0) == .register(address: "10.0.0.2", port: 53317))
        _ = answers.registerFinished(succeeded: true, now: 0.1)
        #expect(answers.announce(from: "10.0.0.2", port: 53317, fingerprint: "aa", now: 1) == .ignore(.duplicate))
        #expect(answers.announce(from: "10.0.0.2", port: 53317, fingerprint: "bb", now: 2) == .ignore(.duplicate))
        #expect(answers.announce(from: "10.0.0.2", port: 53317, fingerprint: "aa", now: 10.5) == .register(address: "10.0.0.2", port: 53317))
    }

    @Test func oneSourceIsHeldByItsOwnBucketWithoutStarvingOthers() {
        var answers = AnnounceAnswers()
        let flood = (0..<10).map { answers.announce(from: "10.6.6.6", port: 2000 + $0, fingerprint: "f\($0)", now: 0) }
        #expect(flood.filter { $0 == .ignore(.rateLimited) }.count == 7)
        #expect(answers.announce(from: "10.0.0.5", port: 53317, fingerprint: "phone", now: 0) != .ignore(.rateLimited))
        // An IPv6 source counts by its /64, whatever address in it it picks.
        let rotating = (0..<10).map { answers.announce(from: "2001:db8:1:2::\($0 + 1)", port: 53317, fingerprint: "v\($0)", now: 1) }
        #expect(rotating.filter { $0 == .ignore(.rateLimited) }.count == 7)
    }

    @Test(arguments: [0, 9, 22, 443, 1023])
    func aSystemPortIsNeverConnectedTo(port: Int) {
        var answers = AnnounceAnswers()
        #expect(answers.announce(from: "10.0.0.2", port: port, fingerprint: "aa", now: 0) == .multicast)
        #expect(answers.inFlight == 0)
    }
}
