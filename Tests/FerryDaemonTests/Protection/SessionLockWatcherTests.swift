import FerryCore
import FerryDBus
@testable import FerryDaemon
import Foundation
import Logging
import Testing
import FerryTestSupport

/// ferryd's lock follows logind's LockedHint: a real dbus-daemon, python3-dbusmock's logind.
@Suite(.offThePool, .serialized) struct SessionLockWatcherTests {
    struct World {
        let logind: LogindMock
        let bus: DBusConnection
        let session: String
        let controller: ProtectionController
        let task: Task<Void, any Error>

        init(grace: Duration) async throws {
            logind = try LogindMock()
            bus = try DBusConnection(address: logind.address)
            session = try await logind.addSession(bus)
            let home = NSTemporaryDirectory() + "ferry-lockwatch-" + UUID().uuidString.prefix(8)
            controller = ProtectionController(paths: FerryPaths(appFolders: [], dataHome: home, configHome: home + "/config"),
                                              grace: grace, logger: Logger(label: "test"))
            let watcher = SessionLockWatcher(controller: controller, environment: ["DBUS_SYSTEM_BUS_ADDRESS": logind.address],
                                             logger: Logger(label: "test"))
            task = Task { try await watcher.follow() }
        }

        /// Waits until the controller's lock is `state`.
        func waitUntilLock(is state: String, sourceLocation: SourceLocation = #_sourceLocation) async {
            await waitUntil("the lock to be \(state)", sourceLocation: sourceLocation) { await controller.report().lock == state }
        }
    }

    @Test(.enabled(if: LogindMock.available))
    func lockedHintStartsTheGraceAndUnlockingWithinItKeepsTheKeys() async throws {
        let world = try await World(grace: .seconds(60))
        defer { world.task.cancel() }
        try await world.logind.setLockedHint(true, session: world.session, world.bus)
        await world.waitUntilLock(is: "locking")
        try await world.logind.setLockedHint(false, session: world.session, world.bus)
        await world.waitUntilLock(is: "unlocked")
    }

    @Test(.enabled(if: LogindMock.available))
    func afterTheGraceOnlyThePassphraseUnlocks() async throws {
        let world = try await World(grace: .zero)
        defer { world.task.cancel() }
        try await world.logind.setLockedHint(true, session: world.session, world.bus)
        await world.waitUntilLock(is: "locked")
        try await world.logind.setLockedHint(false, session: world.session, world.bus)
        try await Task.sleep(for: .milliseconds(300))  // a window for the wrong change, which must not come
        #expect(await world.controller.report().lock == "locked")
    }

    @Test(.enabled(if: LogindMock.available))
    func aPropertiesChangedSignalFromAnotherClientIsIgnored() async throws {
        let world = try await World(grace: .seconds(60))
        defer { world.task.cancel() }
        // Subscribed once a real change went through.
        try await world.logind.setLockedHint(true, session: world.session, world.bus)
        await world.waitUntilLock(is: "locking")
        try await world.logind.setLockedHint(false, session: world.session, world.bus)
        await world.waitUntilLock(is: "unlocked")
        let forger = try DBusConnection(address: world.logind.address)
        try await forger.emit(DBusSignal(
            sender: nil, path: world.session, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
            arguments: [.string("org.freedesktop.login1.Session"), .vardict(["LockedHint": .boolean(true)]), .strings([])]))
        try await Task.sleep(for: .milliseconds(300))  // a window for the forged lock, which must not take
        #expect(await world.controller.report().lock == "unlocked")
    }

    /// The same signal addressed to ferryd's connection (unicast, which the bus delivers whatever
    /// the match rule's sender says) from a client that is not logind changes nothing: a forged
    /// "unlocked" during the grace would keep the keys in.
    @Test(.enabled(if: LogindMock.available))
    func aPropertiesChangedSignalAddressedToFerrydByAnotherClientIsIgnored() async throws {
        let world = try await World(grace: .seconds(60))
        defer { world.task.cancel() }
        try await world.logind.setLockedHint(true, session: world.session, world.bus)
        await world.waitUntilLock(is: "locking")
        try await ForgedSignal.send(address: world.logind.address, service: LogindSession.service, path: world.session,
                                    signal: "org.freedesktop.DBus.Properties.PropertiesChanged",
                                    ["'org.freedesktop.login1.Session'", "{'LockedHint': <false>}", "@as []"])
        try await Task.sleep(for: .milliseconds(300))  // a window for the forged unlock, which must not take
        #expect(await world.controller.report().lock == "locking", "a forged LockedHint undid the lock")
        try await world.logind.setLockedHint(false, session: world.session, world.bus)
        await world.waitUntilLock(is: "unlocked")
    }
}
