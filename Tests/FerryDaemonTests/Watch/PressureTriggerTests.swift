import Testing
@testable import FerryDaemon

#if canImport(Glibc)
import Glibc
#endif

/// The PSI trigger's event path: POLLPRI on its descriptor becomes an event at once. The kernel's
/// trigger is stood in for by TCP urgent data on loopback, which raises POLLPRI the same way (this
/// machine's kernel refuses triggers, as containers do).
@Suite struct PressureTriggerTests {
    /// A connected loopback TCP pair: (sender, receiver).
    private func loopbackPair() throws -> (Int32, Int32) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try #require(withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(listener, raw, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, raw, &length) == 0
            }
        })
        let sender = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(sender, $0, length) == 0 }
        })
        return (sender, accept(listener, nil, nil))
    }

    @Test func urgentDataIsAnEventAtOnce() async throws {
        let (sender, receiver) = try loopbackPair()
        defer { close(sender) }
        let trigger = try #require(PressureTrigger(descriptor: receiver))
        var events = trigger.events.makeAsyncIterator()
        var byte: UInt8 = 1
        #expect(send(sender, &byte, 1, Int32(MSG_OOB)) == 1)
        let start = ContinuousClock.now
        #expect(await events.next() != nil)
        #expect(ContinuousClock.now - start < .seconds(10))
        trigger.close()
        // Closing ends the stream (and the thread, which closes the descriptor).
        while await events.next() != nil {}
    }

    @Test func aRefusedTriggerIsNil() {
        // No PSI file there: the monitor falls back to reading every 2 s.
        #expect(PressureTrigger(path: "/proc", stall: .milliseconds(100), window: .seconds(1)) == nil)
        #expect(PressureTrigger(path: "/nonexistent/pressure", stall: .milliseconds(100), window: .seconds(1)) == nil)
    }

    @Test func stallsCloserThanTheQuietTimeAreOneEpisode() {
        var episodes = PressureEpisodes(quiet: .seconds(10))
        let start = ContinuousClock.now
        let begins = [0, 1, 9, 20].map { episodes.stalled(at: start + .seconds($0)) }
        #expect(begins == [true, false, false, true])
    }
}
