extension ProtectionController {
    /// Parks until ``nextTick`` comes due, the lock changes, or the caller's task is cancelled.
    /// An idle ferryd then sleeps instead of ticking ten times a second.
    func waitForTick() async {
        // Nothing due: an hour is only a backstop; any change of the lock rings the alarm.
        await alarm.wait(upTo: nextTick ?? .seconds(3600))
    }
}
