@testable import FerryDaemon
import Testing

/// The lock's state machine: what a lock, the grace, an unlock and a restart do.
@Suite struct ProtectionLockTests {
    @Test func aLockTellsTheAppsAtOnceAndRemovesTheKeysOnlyAfterTheGrace() {
        var lock = ProtectionLock()
        #expect(lock.lock(now: 100, grace: 10) == [.tellWillBecomeUnavailable, .writeMarker(deadline: 110)])
        #expect(!lock.isAvailable)
        #expect(lock.tick(now: 109.9) == [])
        #expect(lock.tick(now: 110) == [.removeKeys])
        #expect(lock.state == .locked)
        #expect(lock.tick(now: 200) == [])
    }

    @Test func aLockWithoutGraceRemovesTheKeysInTheSameStep() {
        var lock = ProtectionLock()
        #expect(lock.lock(now: 5, grace: 0) == [.tellWillBecomeUnavailable, .writeMarker(deadline: 5), .removeKeys])
        #expect(lock.lock(now: 6, grace: 0) == [], "a second lock changes nothing")
    }

    @Test func theSessionUnlockingInTheGraceKeepsTheKeysButNotAfterIt() {
        var inGrace = ProtectionLock()
        _ = inGrace.lock(now: 0, grace: 10)
        #expect(inGrace.sessionUnlocked() == [.tellDidBecomeAvailable, .clearMarker, .releaseHeld])
        #expect(inGrace.tick(now: 20) == [], "the grace is over: no key goes")
        var gone = ProtectionLock()
        _ = gone.lock(now: 0, grace: 0)
        #expect(gone.sessionUnlocked() == [], "once the keys are gone only the passphrase brings them back")
        #expect(gone.state == .locked)
    }

    @Test func thePassphraseUnlocksAndReleasesHeldFiles() {
        var lock = ProtectionLock()
        _ = lock.lock(now: 0, grace: 0)
        #expect(lock.unlocked() == [.tellDidBecomeAvailable, .clearMarker, .releaseHeld])
        #expect(lock.unlocked() == [.releaseHeld], "unlocked already: apps are not told twice")
    }

    @Test func aRestartFinishesALockFromItsMarkerOrFollowsTheKernel() {
        #expect(ProtectionLock.atStart(marker: 42, completeKeyPresent: true).state == .locking(deadline: 42))
        #expect(ProtectionLock.atStart(marker: nil, completeKeyPresent: false).state == .locked)
        #expect(ProtectionLock.atStart(marker: nil, completeKeyPresent: true).state == .unlocked)
        #expect(ProtectionLock.atStart(marker: nil, completeKeyPresent: nil).state == .unlocked)
    }
}
