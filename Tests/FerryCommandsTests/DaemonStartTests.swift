@testable import FerryCommands
import FerryTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `ferry` waiting for the ferryd it started: woken by the socket's creation, not by a tick (the
/// checks here are an hour apart, so a wait that ticked would not end in time).
@Suite struct DaemonStartTests {
    private let scratch: TemporaryFolder

    init() throws { scratch = try TemporaryFolder() }

    @Test func theSocketsCreationEndsTheWait() {
        // As on a first start: ferryd creates the socket's folder, then binds the socket in it.
        let folder = scratch.path + "/ferry"
        let path = folder + "/ferryd.sock"
        var attempts = 0
        let start = ContinuousClock.now
        let outcome = DaemonStart(socketPath: path, limit: .seconds(3600), check: .seconds(3600)).wait(
            connect: { () -> Result<Int, DaemonStart.Failure> in
                attempts += 1
                guard attempts > 1 else {
                    // The "ferryd" comes up between this attempt and the wait that follows.
                    mkdir(folder, 0o700)
                    _ = mknod(path, S_IFSOCK | 0o600, 0)
                    return .failure(DaemonStart.Failure(reason: "not yet"))
                }
                return .success(attempts)
            },
            stillStarting: { Issue.record("no check is due within an hour") })
        #expect(outcome == .success(2))
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func aRefusingSocketIsTriedAgainSoon() {
        let folder = scratch.path
        let path = folder + "/ferryd.sock"
        _ = mknod(path, S_IFSOCK | 0o600, 0)
        var attempts = 0
        let outcome = DaemonStart(socketPath: path, limit: .seconds(3600), check: .seconds(3600)).wait(
            connect: { () -> Result<Int, DaemonStart.Failure> in
                attempts += 1
                return attempts < 4 ? .failure(DaemonStart.Failure(reason: "refused")) : .success(attempts)
            },
            stillStarting: {})
        #expect(outcome == .success(4))
    }

    @Test func itGivesUpAtTheLimitWithTheLastReason() {
        let path = scratch.path + "/ferryd.sock"
        var checks = 0
        let outcome = DaemonStart(socketPath: path, limit: .milliseconds(120), check: .milliseconds(40)).wait(
            connect: { () -> Result<Int, DaemonStart.Failure> in .failure(DaemonStart.Failure(reason: "no such file")) },
            stillStarting: { checks += 1 })
        #expect(outcome == .failure(DaemonStart.Failure(reason: "no such file")))
        #expect(checks >= 1)
    }
}
