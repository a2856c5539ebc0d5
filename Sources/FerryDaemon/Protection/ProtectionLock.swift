/// The session lock as data protection sees it, as a pure state machine: events in, actions out.
/// Times are seconds since the Unix epoch, so a lock survives a ferryd restart (the marker file).
struct ProtectionLock: Sendable, Equatable {
    enum State: Sendable, Equatable {
        case unlocked
        /// Locked, in the grace before the keys go at `deadline`.
        case locking(deadline: Double)
        case locked
    }

    enum Action: Sendable, Equatable {
        /// Send `protectedDataWillBecomeUnavailable` to the running apps.
        case tellWillBecomeUnavailable
        /// Record the lock on disk, so a ferryd killed in the grace still removes the keys at restart.
        case writeMarker(deadline: Double)
        /// Remove the keys of the classes that go at lock.
        case removeKeys
        /// Send `protectedDataDidBecomeAvailable`.
        case tellDidBecomeAvailable
        case clearMarker
        /// Deliver the files received while locked.
        case releaseHeld
    }

    private(set) var state: State

    init(_ state: State = .unlocked) { self.state = state }

    /// Whether `complete` files can be opened, as apps are told.
    var isAvailable: Bool { state == .unlocked }

    /// The session locked (logind's LockedHint, `ferry lock`); the keys go after `grace` seconds.
    mutating func lock(now: Double, grace: Double) -> [Action] {
        guard state == .unlocked else { return [] }
        let deadline = now + max(0, grace)
        state = .locking(deadline: deadline)
        return [.tellWillBecomeUnavailable, .writeMarker(deadline: deadline)] + (grace <= 0 ? tick(now: now) : [])
    }

    /// Time passed: the grace may be over.
    mutating func tick(now: Double) -> [Action] {
        guard case .locking(let deadline) = state, now >= deadline else { return [] }
        state = .locked
        return [.removeKeys]
    }

    /// The passphrase added the keys (`ferry unlock`, the PAM helper).
    mutating func unlocked() -> [Action] {
        let wasUnlocked = state == .unlocked
        state = .unlocked
        return (wasUnlocked ? [] : [.tellDidBecomeAvailable, .clearMarker]) + [.releaseHeld]
    }

    /// The session unlocked without a passphrase (logind's LockedHint false): only a lock still in
    /// its grace is undone, since the keys never left; once gone, only a passphrase brings them back.
    mutating func sessionUnlocked() -> [Action] {
        guard case .locking = state else { return [] }
        state = .unlocked
        return [.tellDidBecomeAvailable, .clearMarker, .releaseHeld]
    }

    /// Where a ferryd starts: a marker means a lock it must finish; otherwise the kernel says.
    static func atStart(marker: Double?, completeKeyPresent: Bool?) -> ProtectionLock {
        if let marker { return ProtectionLock(.locking(deadline: marker)) }
        // No keys made yet, or nothing enforced: nothing to wait for.
        guard let completeKeyPresent else { return ProtectionLock(.unlocked) }
        return ProtectionLock(completeKeyPresent ? .unlocked : .locked)
    }
}
