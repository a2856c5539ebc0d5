import FerryTransfer

/// Slows down guessing the passphrase through ferryd's socket: three wrong passphrases at once,
/// then one every 10 s (a token bucket, ``RateLimit``); an attempt in between is refused before
/// the passphrase is checked, the right one included, with the seconds to wait. The right
/// passphrase forgives everything. A pure value: the time is passed in.
///
/// Keyed by the client's uid (ferryd serves its own user only, so in practice one key). Without
/// it, a program of the user's could try about 12 passphrases a second (scrypt's pace) while the
/// session is locked; with it, about 8,600 a day.
struct UnlockThrottle: Sendable, Equatable {
    static let rule = RateLimit.Rule(burst: 3, perSecond: 1.0 / 10)

    enum Decision: Sendable, Equatable {
        /// Check the passphrase.
        case attempt
        /// Do not check it; tell the user to wait this many whole seconds.
        case refuse(waitSeconds: Int)
    }

    private var limit = Self.fresh()

    private static func fresh() -> RateLimit {
        RateLimit(perSource: rule, global: RateLimit.Rule(burst: rule.burst * 2, perSecond: rule.perSecond * 2), maximumSources: 64)
    }

    /// Whether `uid` may try a passphrase at `now` (seconds on any monotonic clock).
    mutating func admit(uid: UInt32, now: Double) -> Decision {
        switch limit.check(String(uid), now: now) {
        case .allowed: .attempt
        case .wait(let seconds): .refuse(waitSeconds: max(1, Int(seconds.rounded(.up))))
        }
    }

    /// `uid`'s passphrase was wrong.
    mutating func wrong(uid: UInt32, now: Double) {
        limit.charge(String(uid), now: now)
    }

    /// The passphrase was right: whoever typed it knows it, so every count starts again.
    mutating func right() {
        limit = Self.fresh()
    }

    /// What the refused client is told.
    static func message(waitSeconds: Int) -> String {
        "too many wrong passphrases; wait \(waitSeconds) s before the next try (this one was not checked)"
    }
}
