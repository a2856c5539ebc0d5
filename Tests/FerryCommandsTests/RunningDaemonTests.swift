import FerryCore
import Foundation
import Testing
@testable import FerryCommands
import FerryTestSupport

/// Completion's way to ferryd: only one that already runs, and never longer than the budget.
@Suite(.offThePool) struct RunningDaemonTests {
    @Test func aHeldFlockIsFoundInProcLocks() {
        let locks = """
            1: POSIX  ADVISORY  WRITE 18362 fe:00:388778 0 EOF
            2: FLOCK  ADVISORY  WRITE 18396 00:2a:6645305 0 EOF
            2: -> FLOCK  ADVISORY  WRITE 18400 00:2b:77 0 EOF
            """
        // st_dev 0x2a is device 00:2a; 0xfe00 is fe:00.
        #expect(RunningDaemon.holdsFlock(locks, device: 0x2a, inode: 6645305))
        #expect(!RunningDaemon.holdsFlock(locks, device: 0xfe00, inode: 388778), "a POSIX lock is not ferryd's")
        #expect(!RunningDaemon.holdsFlock(locks, device: 0x2b, inode: 77), "a waiter holds nothing")
        #expect(!RunningDaemon.holdsFlock(locks, device: 0x2a, inode: 66453))
    }

    @Test func aLockHeldByThisProcessIsSeen() throws {
        let world = try FerryWorld()
        let daemon = try FakeDaemon(socketPath: world.socket, answers: [:])
        #expect(RunningDaemon(context: Context(environment: world.environment)).isRunning)
        daemon.stop()
        // A child another test is spawning right now holds a copy of every descriptor (the lock's
        // too) until its exec closes them: the flock goes when the last copy does.
        waitUntil("the fake ferryd's lock to go") { !RunningDaemon(context: Context(environment: world.environment)).isRunning }
    }

    /// systemd's activation socket listens without ferryd: connecting would start ferryd.
    @Test func aListeningSocketWithoutFerrydsLockIsNotConnectedTo() throws {
        let world = try FerryWorld()
        var pending = DaemonReply.Result(outcome: .ok)
        pending.offers = [.init(id: "k3x9", sender: "laptop", files: 1, bytes: 5, fingerprint: "ab")]
        let daemon = try FakeDaemon(socketPath: world.socket, holdsLock: false, answers: ["pending": pending])
        defer { daemon.stop() }
        #expect(RunningDaemon(context: Context(environment: world.environment)).ask(.pending) == nil)
        #expect(daemon.connections == 0)
    }

    @Test func aSilentFerrydIsGivenUpOnWithinTheBudget() throws {
        let world = try FerryWorld()
        let daemon = try FakeDaemon(socketPath: world.socket, answers: [:])
        defer { daemon.stop() }
        let started = Date()
        #expect(RunningDaemon(context: Context(environment: world.environment)).ask(.pending) == nil)
        let elapsed = Date().timeIntervalSince(started)
        #expect(daemon.connections == 1)
        #expect(elapsed >= 0.25 && elapsed < 0.6, "waited \(elapsed) s")
    }
}
