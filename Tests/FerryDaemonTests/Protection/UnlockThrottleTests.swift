@testable import FerryDaemon
import Testing

/// The passphrase backoff as a value: attempts in, decisions out, time passed in.
@Suite struct UnlockThrottleTests {
    @Test func threeWrongAtOnceThenOneEveryTenSeconds() {
        var throttle = UnlockThrottle()
        for second in 0..<3 {
            #expect(throttle.admit(uid: 1000, now: Double(second)) == .attempt)
            throttle.wrong(uid: 1000, now: Double(second))
        }
        // Three tokens spent by t=2, 0.2 back: a full one at t=10.
        #expect(throttle.admit(uid: 1000, now: 3) == .refuse(waitSeconds: 7))
        #expect(throttle.admit(uid: 1000, now: 9.5) == .refuse(waitSeconds: 1))
        #expect(throttle.admit(uid: 1000, now: 10) == .attempt)
        throttle.wrong(uid: 1000, now: 10)
        #expect(throttle.admit(uid: 1000, now: 11) == .refuse(waitSeconds: 9))
    }

    @Test func refusedTriesAreNotCounted() {
        var throttle = UnlockThrottle()
        for _ in 0..<3 { throttle.wrong(uid: 1000, now: 0) }
        for second in 1..<10 { #expect(throttle.admit(uid: 1000, now: Double(second)) != .attempt) }
        // Refilled in nine steps: a hair past 10 s for the rounding.
        #expect(throttle.admit(uid: 1000, now: 10.01) == .attempt)
    }

    @Test func theRightPassphraseStartsTheCountAgain() {
        var throttle = UnlockThrottle()
        for _ in 0..<3 { throttle.wrong(uid: 1000, now: 0) }
        throttle.right()
        for _ in 0..<3 {
            #expect(throttle.admit(uid: 1000, now: 1) == .attempt)
            throttle.wrong(uid: 1000, now: 1)
        }
        #expect(throttle.admit(uid: 1000, now: 1) != .attempt)
    }

    @Test func theMessageSaysHowLongToWait() {
        #expect(UnlockThrottle.message(waitSeconds: 7) == "too many wrong passphrases; wait 7 s before the next try (this one was not checked)")
    }
}
