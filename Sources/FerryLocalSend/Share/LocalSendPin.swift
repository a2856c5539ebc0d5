/// Web-share PINs: how long one must be for the wrong-PIN budget (``PinGuard``), and the random
/// ones ferryd makes (`--pin auto`, and a new one when guessing runs the budget out).
///
/// Six digits: the shared budget lets a sustained attack, from any number of addresses, judge
/// ten guesses and then one a minute; a random 6-digit PIN (10⁶) then holds about a year on
/// average, and an hour's share is found with a chance of 70 in 10⁶. Four digits would fall in
/// about three and a half days on average, and a chosen "1234" in the first ten guesses.
public enum LocalSendPin {
    /// The shortest PIN a web share accepts.
    public static let minimumLength = 6
    /// What `--pin` says to have ferryd make the PIN.
    public static let auto = "auto"

    /// `digits` random decimal digits.
    public static func random(digits: Int = minimumLength) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<max(digits, minimumLength)).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
    }

    /// The PIN a share is to have for the one its owner asked for: none, a random one for
    /// ``auto``, else the given one.
    ///
    /// - Throws: 400 for a PIN shorter than ``minimumLength``.
    public static func forShare(_ asked: String?) throws(LocalSendError) -> String? {
        guard let asked, !asked.isEmpty else { return nil }
        if asked == auto { return random() }
        guard asked.count >= minimumLength else {
            throw LocalSendError(400, "the PIN given has \(asked.count) characters; a web share's PIN needs at least \(minimumLength) "
                                 + "(anyone on the network could guess a shorter one): give a longer one, or --pin auto for a random one")
        }
        return asked
    }
}
