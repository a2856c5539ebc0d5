import FerryDBus
import Logging
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#endif

/// Data protection follows the session lock: systemd-logind's `LockedHint` on the system bus
/// (set by the screen locker). Locked: the grace starts; unlocked within the grace: nothing goes.
/// Once the keys are gone only the passphrase (`ferry unlock`, the PAM helper) brings them back.
struct SessionLockWatcher: Service, CustomStringConvertible {
    let controller: ProtectionController
    /// Only the variables it reads: a service's description is logged (`ferryd -v`), and the
    /// environment holds secrets.
    let environment: [String: String]
    let logger: Logger

    static let variables = ["DBUS_SYSTEM_BUS_ADDRESS", "XDG_SESSION_ID", "FERRY_SESSION_LOCK"]

    init(controller: ProtectionController, environment: [String: String], logger: Logger) {
        self.controller = controller
        self.environment = environment.filter { Self.variables.contains($0.key) }
        self.logger = logger
    }

    var description: String { "SessionLockWatcher" }

    func run() async throws {
        // Without logind ferryd still runs (and `ferry lock` locks); this service then only waits
        // for the shutdown, since a service that returns would stop the group.
        if environment["FERRY_SESSION_LOCK"] != "off" {
            do {
                try await cancelWhenGracefulShutdown { try await follow() }
            } catch is CancellationError {
                return
            } catch {
                logger.notice("session lock not followed", metadata: ["reason": "\(error)"])
            }
        }
        try? await gracefulShutdown()
    }

    /// Follows the session's LockedHint until the bus goes away or the task is cancelled.
    func follow() async throws {
        let bus = try DBusConnection.system(environment: environment)
        let session = try await LogindSession.find(bus, environment: environment, uid: UInt32(getuid()))
        let changes = try await bus.signals(matching: session.changes)
        logger.info("following the session lock", metadata: ["session": "\(session.path)"])
        // After subscribing, so a change in between is not lost.
        if try await session.isLocked(bus) { _ = await controller.lock() }
        for await signal in changes {
            switch LogindSession.lockedHint(in: signal) {
            case .value(let locked): await apply(locked)
            case .invalidated: await apply(try await session.isLocked(bus))
            case nil: continue
            }
        }
        try Task.checkCancellation()
        throw SessionLockError("the system bus went away")
    }

    private func apply(_ locked: Bool) async {
        logger.info("session lock", metadata: ["locked": "\(locked)"])
        if locked { _ = await controller.lock() } else { await controller.sessionUnlocked() }
    }
}
