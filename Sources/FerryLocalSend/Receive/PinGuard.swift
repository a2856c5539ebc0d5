import FerryTransfer

/// Who may try a PIN now, as a pure value (time passed in): wrong PINs use a budget of the
/// address's own and one shared by every address, so rotating addresses (a new IPv4 address
/// per try, any number of IPv6 ones) buys no more guesses than one address has.
///
/// How an attacker cannot lock the real sender out for good:
/// - a refusal is a 429 with the seconds to wait (Retry-After), never a ban: the shared budget
///   gives a try a minute (``Rules/global``) however long the guessing went on, and is full
///   again ten minutes after it stops; a sender's wait once guessing stops is at most a minute;
/// - an address that gave the right PIN is let past the shared budget (not its own) for
///   ``Rules/admittedSeconds``, until it gives a wrong one: a phone that got in once is not held
///   up by guessing that starts later;
/// - when guessing runs the shared budget out, the verdict carries an ``Alarm``, at most once
///   per ``Rules/alarmSeconds``, for the owner to be told (and for a web share to get a new PIN,
///   ``LocalSendShares``): while guessing goes on, a sender that never got in competes with it
///   for the try a minute, and it is the owner, told, who can end that (stop the guessing host,
///   or the share).
public struct PinGuard: Sendable {
    /// The budgets. The defaults let through three wrong PINs a minute from an address, and ten
    /// at once then one a minute from everyone together: a sustained attack gets 1,440 guesses
    /// a day, so a random 6-digit PIN (10⁶) holds about a year on average (a web share's hour:
    /// 70 guesses, a 0.007 % chance).
    public struct Rules: Sendable {
        /// Each address's bucket (IPv6 by its /64). Default three, refilled in a minute.
        public var perSource = RateLimit.Rule(burst: 3, perSecond: 3.0 / 60)
        /// Everyone's bucket. Default ten, then one a minute.
        public var global = RateLimit.Rule(burst: 10, perSecond: 1.0 / 60)
        /// How long an address that gave the right PIN passes the shared budget. Default a day.
        public var admittedSeconds: Double = 86_400
        /// The shortest time between two alarms. Default ten minutes.
        public var alarmSeconds: Double = 600

        /// - Parameter attempts: Wrong PINs an address may give at once (refilled in a minute).
        public init(attempts: Int = 3) {
            perSource = RateLimit.Rule(burst: Double(attempts), perSecond: Double(attempts) / 60)
        }
    }

    /// Guessing the owner is to be told of: wrong PINs and the addresses (by
    /// ``RateLimit/sourceKey(_:)``) they came from since the last alarm.
    public struct Alarm: Sendable, Equatable {
        public var wrong: Int
        public var addresses: Int

        /// One line for the owner.
        public var summary: String {
            "\(wrong) wrong PIN\(wrong == 1 ? "" : "s") from \(addresses) address\(addresses == 1 ? "" : "es")"
        }
    }

    /// What to answer a try.
    public enum Verdict: Sendable, Equatable {
        /// The right PIN.
        case right
        /// No PIN given at all (401); not counted. An empty one is ``wrong(alarm:)``.
        case missing
        /// A wrong PIN (401), counted; with an alarm when it ran the shared budget out and the
        /// owner is to be told now.
        case wrong(alarm: Alarm?)
        /// Not judged: try again in this many seconds (429, Retry-After).
        case refused(retryAfter: Int)
    }

    /// Addresses remembered as admitted.
    static let maximumAdmitted = 256
    /// A key no source is counted under: its bucket is always full, so a check of it is a
    /// check of the shared budget alone.
    private static let nobody = ""

    public let rules: Rules
    private var limit: RateLimit
    private var admitted: [String: Double] = [:]
    private var lastAlarm: Double?
    /// Wrong PINs and the addresses they came from since the last alarm, for the next one.
    private var wrongSinceAlarm = 0
    private var sourcesSinceAlarm: Set<String> = []

    public init(_ rules: Rules = Rules()) {
        self.rules = rules
        limit = RateLimit(perSource: rules.perSource, global: rules.global)
    }

    /// Judges `given` against `pin` for a try from `address` at `now` (seconds).
    public mutating func judge(_ given: String?, pin: String, address: String, now: Double) -> Verdict {
        let key = RateLimit.sourceKey(address)
        if !isAdmitted(address, now: now), case .wait(let seconds) = limit.check(key, now: now) {
            return .refused(retryAfter: max(1, Int(seconds.rounded(.up))))
        }
        // An empty PIN is a try like any other: only one not given at all is free.
        guard let given else { return .missing }
        guard LocalSendSessions.same(given, pin) else { return wrong(key, address: address, now: now) }
        limit.forgive(key)
        admit(address, now: now)
        return .right
    }

    private mutating func wrong(_ key: String, address: String, now: Double) -> Verdict {
        admitted[address] = nil
        limit.charge(key, now: now)
        wrongSinceAlarm += 1
        if sourcesSinceAlarm.count < 10_000 { sourcesSinceAlarm.insert(key) }
        guard !limit.check(Self.nobody, now: now).isAllowed, lastAlarm.map({ now - $0 >= rules.alarmSeconds }) ?? true else {
            return .wrong(alarm: nil)
        }
        let alarm = Alarm(wrong: wrongSinceAlarm, addresses: sourcesSinceAlarm.count)
        lastAlarm = now
        wrongSinceAlarm = 0
        sourcesSinceAlarm = []
        return .wrong(alarm: alarm)
    }

    private func isAdmitted(_ address: String, now: Double) -> Bool {
        admitted[address].map { now - $0 < rules.admittedSeconds } ?? false
    }

    private mutating func admit(_ address: String, now: Double) {
        if admitted[address] == nil, admitted.count >= Self.maximumAdmitted,
           let oldest = admitted.min(by: { $0.value < $1.value }) {
            admitted[oldest.key] = nil
        }
        admitted[address] = now
    }
}
