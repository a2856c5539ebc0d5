/// How many frames a managed app may send unasked per window (its replies to ferryd's events do
/// not count). A well-behaved app sends a few state chunks (8 MiB in 512 KiB frames) and
/// background-task frames; an app past the limit floods ferryd,
/// whose one app manager would otherwise spend itself on the flood (and log a line per frame).
struct FrameRate {
    static let appLimit = 1000
    /// Replies to no event an app may send in its life; a late reply to a timed-out event is
    /// one, a loop sending them is a broken or hostile app.
    static let strayLimit = 100
    let limit: Int
    let window: Duration
    private var start: ContinuousClock.Instant?
    private var count = 0

    init(limit: Int = Self.appLimit, per window: Duration = .seconds(1)) {
        self.limit = limit
        self.window = window
    }

    /// Counts one frame arriving at `now`. - Returns: Whether it is within the limit.
    mutating func admit(at now: ContinuousClock.Instant) -> Bool {
        if let start, now - start < window {
            count += 1
        } else {
            start = now
            count = 1
        }
        return count <= limit
    }
}
