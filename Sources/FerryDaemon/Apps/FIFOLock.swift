/// A first-come, first-served lock for code on one actor: waiters get it in the order they asked,
/// which is what keeps URLs to one app in the order they were opened.
struct FIFOLock {
    private var held = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    var isHeld: Bool { held }

    /// Takes the lock at once, or returns the position to wait in.
    mutating func tryAcquire() -> Bool {
        guard held else {
            held = true
            return true
        }
        return false
    }

    mutating func enqueue(_ waiter: CheckedContinuation<Void, Never>) {
        waiters.append(waiter)
    }

    /// Hands the lock to the next waiter, or frees it.
    mutating func release() {
        if waiters.isEmpty {
            held = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
