extension Discovery {
    /// Parks until the next check, resolve or reconnect is due, a change may have made one due, or
    /// the caller's task is cancelled; never less than `minimum`, so a burst of events costs at
    /// most one tick per `minimum`, as the old fixed ticker did.
    /// An idle ferryd with no peers to check then sleeps instead of waking four times a second.
    func waitForTick(minimum: Duration) async {
        let parked = ContinuousClock.now
        // Nothing due: an hour is only a backstop; every event and result rings the alarm.
        await alarm.wait(upTo: max(minimum, nextTick ?? .seconds(3600)))
        let early = minimum - (ContinuousClock.now - parked)
        if early > .zero { try? await Task.sleep(for: early) }
    }
}
