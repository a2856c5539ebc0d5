/// When freed heap memory goes back to the system (``releaseFreedMemory(now:)``), as a pure value:
/// at most one trim per ``interval``, and a request that comes too soon is not dropped but kept
/// for the end of the interval. Dropping it left a 10,000-file offer's freed memory resident for
/// as long as ferryd ran whenever another transfer had ended within the interval before.
struct HeapTrimSchedule: Sendable, Equatable {
    /// What the owner does for a request.
    enum Action: Sendable, Equatable {
        /// Trim now.
        case trimNow
        /// Trim at that time (then call ``deferredTrimDue(at:)``).
        case trimLater(ContinuousClock.Instant)
        /// A trim is already due later and covers this request.
        case nothing
    }

    /// The shortest time between two trims.
    let interval: Duration
    private(set) var last: ContinuousClock.Instant?
    /// When the deferred trim is due, if one is.
    private(set) var deferred: ContinuousClock.Instant?

    init(interval: Duration) { self.interval = interval }

    /// Memory was freed at `now` (a transfer ended).
    mutating func request(at now: ContinuousClock.Instant) -> Action {
        guard deferred == nil else { return .nothing }
        if let last, now - last < interval {
            deferred = last + interval
            return .trimLater(last + interval)
        }
        last = now
        return .trimNow
    }

    /// The deferred trim's time came; the owner trims.
    mutating func deferredTrimDue(at now: ContinuousClock.Instant) {
        deferred = nil
        last = now
    }
}
