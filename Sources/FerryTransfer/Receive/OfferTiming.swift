import FoundationEssentials

/// How long the receiver keeps offers nobody finishes, and the clock it reads.
public struct OfferTiming: Sendable {
    /// Seconds an accepted offer may go without a request (and with no upload running) before it
    /// is abandoned: its slot is freed, its received files kept for a resume. Default 600.
    public var idleSeconds: Double = 600
    /// Seconds a declined or expired offer waits for the sender to read its answer before it is
    /// dropped. Default 60.
    public var declinedSeconds: Double = 60
    /// Seconds a finished offer's receipt is kept, so that a sender that lost the answer can ask
    /// again (``FinishedReceipts``). Default 24 hours.
    public var finishedSeconds: Double = FinishedReceipts.keepSeconds
    /// The time now; tests pass a clock they move.
    public var clock: @Sendable () -> Date = { Date() }

    public init() {}
}
