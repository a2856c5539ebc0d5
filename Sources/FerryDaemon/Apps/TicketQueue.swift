/// Numbered places in line, handed out without waiting, served strictly in order: a connection
/// takes its place when it reads a request, and runs it when its number comes up.
struct TicketQueue {
    private var next = 0
    private var serving = 0
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]

    /// Whether no ticket is out.
    var isIdle: Bool { next == serving }

    mutating func take() -> Int {
        defer { next += 1 }
        return next
    }

    /// Whether `ticket` may run now; otherwise park `waiter` until it may.
    func isServing(_ ticket: Int) -> Bool { ticket == serving }

    mutating func park(_ ticket: Int, _ waiter: CheckedContinuation<Void, Never>) {
        waiters[ticket] = waiter
    }

    /// The served ticket is done: wake the next one if it is already waiting.
    mutating func advance() {
        serving += 1
        waiters.removeValue(forKey: serving)?.resume()
    }
}
