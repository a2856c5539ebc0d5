import Testing
@testable import FerryLocalSend
@testable import FerryTransfer

/// The wrong-PIN budget as a value: no sockets, time passed in.
@Suite struct PinGuardTests {
    static let pin = "482913"

    /// Two wrong PINs from each of `count` fresh addresses (under their own three) at `now`.
    static func spray(_ pins: inout PinGuard, _ count: Int, from first: Int = 1, now: Double) -> [PinGuard.Verdict] {
        (first..<first + count).flatMap { host in
            (0..<2).map { _ in pins.judge("000000", pin: pin, address: "10.9.0.\(host)", now: now) }
        }
    }

    static func isWrong(_ verdict: PinGuard.Verdict) -> Bool {
        if case .wrong = verdict { true } else { false }
    }

    /// The seconds a refusal says to wait, or nil for another verdict.
    static func wait(_ verdict: PinGuard.Verdict) -> Int? {
        if case .refused(let seconds) = verdict { seconds } else { nil }
    }

    @Test func addressesEachUnderTheirOwnLimitRunOutTheSharedBudgetThenWaitForItsRefill() throws {
        var pins = PinGuard()
        let verdicts = Self.spray(&pins, 10, now: 100)
        #expect(verdicts.prefix(10).allSatisfy(Self.isWrong))
        #expect(verdicts.suffix(10).allSatisfy { (60...61).contains(Self.wait($0) ?? 0) }, "everyone waits for the one-a-minute refill")
        let stranger = try #require(Self.wait(pins.judge(Self.pin, pin: Self.pin, address: "10.8.0.1", now: 130)))
        #expect((30...31).contains(stranger), "a first try waits too, for the rest of the refill")
        #expect(pins.judge(Self.pin, pin: Self.pin, address: "10.8.0.1", now: 161) == .right, "refilled: a try is judged again")
    }

    @Test func theAlarmComesWhenTheBudgetRunsOutAndAtMostEveryTenMinutes() {
        var pins = PinGuard()
        let first = Self.spray(&pins, 5, now: 0)
        #expect(first.last == .wrong(alarm: PinGuard.Alarm(wrong: 10, addresses: 5)))
        #expect(first.dropLast().allSatisfy { $0 == .wrong(alarm: nil) })
        #expect(pins.judge("1", pin: Self.pin, address: "10.7.0.1", now: 61) == .wrong(alarm: nil), "the next alarm waits ten minutes")
        let later = Self.spray(&pins, 5, from: 20, now: 700)
        #expect(later.last == .wrong(alarm: PinGuard.Alarm(wrong: 11, addresses: 6)), "counted since the last alarm")
    }

    @Test func anAddressHasThreeWrongPinsAMinuteAndTheRightOneForgivesThem() throws {
        var pins = PinGuard()
        for _ in 0..<2 { #expect(pins.judge("1", pin: Self.pin, address: "10.0.0.2", now: 0) == .wrong(alarm: nil)) }
        #expect(pins.judge(Self.pin, pin: Self.pin, address: "10.0.0.2", now: 0) == .right)
        for _ in 0..<3 { #expect(pins.judge("1", pin: Self.pin, address: "10.0.0.2", now: 1) == .wrong(alarm: nil)) }
        let held = try #require(Self.wait(pins.judge(Self.pin, pin: Self.pin, address: "10.0.0.2", now: 1)))
        #expect((20...21).contains(held))
        #expect(pins.judge(Self.pin, pin: Self.pin, address: "10.0.0.3", now: 1) == .right, "another address is not held")
        #expect(pins.judge(nil, pin: Self.pin, address: "10.0.0.4", now: 1) == .missing)
    }

    @Test func anIPv6HostIsOneSourceWhicheverAddressOfItsSlash64ItUses() {
        var pins = PinGuard()
        for host in 1...3 { #expect(pins.judge("1", pin: Self.pin, address: "2001:db8:1:2::\(host)", now: 0) == .wrong(alarm: nil)) }
        #expect(Self.wait(pins.judge("1", pin: Self.pin, address: "2001:db8:1:2::99", now: 0)) != nil)
        #expect(pins.judge("1", pin: Self.pin, address: "2001:db8:1:3::1", now: 0) == .wrong(alarm: nil))
    }

    /// A sender that got in once is not held up by guessing that began later, until it gives a
    /// wrong PIN itself.
    @Test func anAddressThatGaveTheRightPinPassesTheSharedBudget() {
        var pins = PinGuard()
        #expect(pins.judge(Self.pin, pin: Self.pin, address: "192.168.1.20", now: 0) == .right)
        _ = Self.spray(&pins, 20, now: 10)
        #expect(pins.judge(Self.pin, pin: Self.pin, address: "192.168.1.20", now: 11) == .right)
        #expect(pins.judge("1", pin: Self.pin, address: "192.168.1.20", now: 12) == .wrong(alarm: nil))
        #expect(Self.wait(pins.judge(Self.pin, pin: Self.pin, address: "192.168.1.20", now: 12)) != nil)
        #expect(pins.judge(Self.pin, pin: Self.pin, address: "192.168.1.20", now: 140) == .right)
    }

    @Test func theBudgetIsFullAgainTenMinutesAfterTheGuessingStops() {
        var pins = PinGuard()
        _ = Self.spray(&pins, 40, now: 0)
        #expect(Self.spray(&pins, 5, from: 100, now: 610).allSatisfy(Self.isWrong))
    }
}
