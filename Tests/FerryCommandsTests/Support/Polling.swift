import Foundation

/// Checks `done` up to `tries` times, `microseconds` apart, and returns as soon as it holds.
/// Not `for _ in 0..<tries where !done()`: that loop goes on checking `done` for every try left,
/// and a check that lists a directory or reads a log, under load, then takes seconds.
@discardableResult
func poll(tries: Int, every microseconds: useconds_t, until done: () -> Bool) -> Bool {
    for _ in 0..<tries {
        if done() { return true }
        usleep(microseconds)
    }
    return done()
}
