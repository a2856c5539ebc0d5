import Synchronization
import Testing
@testable import FerryLocalSend
@testable import FerryTransfer

/// Web-share PINs: long enough for the budget, made by ferryd when asked, and replaced when
/// guessing uses the budget up (the owner hands the new one over; the real downloader waits at
/// most the refill).
@Suite struct LocalSendPinTests {
    final class Clock: Sendable {
        let seconds = Mutex<Double>(0)
        func advance(_ by: Double) { seconds.withLock { $0 += by } }
    }

    @Test(arguments: ["1234", "12345", "abc"])
    func aShortPinIsRefusedWhenTheShareStarts(_ pin: String) async {
        let error = await #expect(throws: LocalSendError.self) { try await LocalSendShares().start([], pin: pin) { _ in } }
        #expect(error?.status == 400)
        #expect(error?.message.contains("at least 6") == true)
    }

    @Test func autoMakesASixDigitPinTheOwnerIsShown() async throws {
        let shares = LocalSendShares()
        let id = try await shares.start([], pin: LocalSendPin.auto) { _ in }
        let pin = try #require(await shares.pin(of: id))
        #expect(pin.count == 6 && pin.allSatisfy(\.isNumber))
        _ = try await shares.prepareDownload(session: nil, pin: pin, address: "10.0.0.2")
    }

    @Test func afterTheRefillTheNewPinOpensTheShareAndTheOldOneNoLonger() async throws {
        let clock = Clock()
        let shares = LocalSendShares(pinRules: PinGuard.Rules(), clock: { clock.seconds.withLock { $0 } })
        let events = EventLog()
        let id = try await shares.start([], pin: "482913") { await events.add($0.message) }
        for host in 1...5 {
            for _ in 0..<2 { _ = try? await shares.prepareDownload(session: nil, pin: "000000", address: "10.9.0.\(host)") }
        }
        let new = try #require(await shares.pin(of: id))
        #expect(new != "482913")
        #expect(await events.lines.count == 1)
        let waiting = await #expect(throws: LocalSendError.self) {
            try await shares.prepareDownload(session: nil, pin: new, address: "192.168.1.20")
        }
        #expect(waiting?.status == 429)
        #expect(waiting?.retryAfter == 60)
        clock.advance(61)
        let old = await #expect(throws: LocalSendError.self) {
            try await shares.prepareDownload(session: nil, pin: "482913", address: "192.168.1.20")
        }
        #expect(old?.status == 401)
        clock.advance(61)
        let phone = try await shares.prepareDownload(session: nil, pin: new, address: "192.168.1.20")
        let again = try await shares.prepareDownload(session: phone.session, pin: nil, address: "192.168.1.20")
        #expect(again.session == phone.session, "a live session is not asked for the PIN again")
    }
}
