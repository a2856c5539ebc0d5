import FerryCore
import FerryProtection
import FerryProtectionKeys
import FoundationEssentials
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// ferryd's data protection: follows the session lock, removes and adds the class keys, tells the
/// apps, and holds files received for a locked Inbox until the next unlock.
public actor ProtectionController {
    let protection: DataProtection
    let held: HeldInbox
    let paths: FerryPaths
    let grace: Duration
    let logger: Logger
    private var machine = ProtectionLock()
    /// Whom to tell about protected data and to open held files with (``attach(_:)``).
    private var apps: (any ProtectedApps)?
    private var busyKeys = false
    private var throttle = UnlockThrottle()
    private let started = ContinuousClock.now
    /// Wakes the clock (ProtectionService) when the lock changes.
    let alarm = Alarm()
    /// For synchronous readers (a launch deciding whether to restore state).
    private let availability = Mutex(true)

    /// - Parameters:
    ///   - paths: Ferry's folders: the key file, the lock marker and the held files live in the data home.
    ///   - grace: How long after a lock the keys go (10 s as on iOS).
    public init(paths: FerryPaths, grace: Duration = .seconds(10), logger: Logger) {
        protection = DataProtection(dataHome: paths.dataHome)
        held = HeldInbox(dataHome: paths.dataHome)
        self.paths = paths
        self.grace = grace
        self.logger = logger
    }

    /// Whether protected data is available now, as apps are told (`isProtectedDataAvailable`).
    public nonisolated var isProtectedDataAvailable: Bool { availability.withLock { $0 } }

    /// Tells `apps` from now on about protected data, and opens held files with them.
    func attach(_ apps: any ProtectedApps) { self.apps = apps }

    /// Takes up the state a previous ferryd left: a lock it did not finish, or the kernel's keys.
    func start() async {
        let complete = try? protection.keyStates()[.complete]
        let present: Bool? = complete.flatMap { $0 == .unenforced ? nil : $0 == .present }
        machine = ProtectionLock.atStart(marker: LockMarker.read(protection.store.folder), completeKeyPresent: present)
        publish()
        logger.info("data protection", metadata: ["lock": "\(machine.state)"])
        // Unlocked while no ferryd ran (`ferry unlock` on its own): files held before are due now.
        if machine.state == .unlocked, held.count() > 0 { await releaseHeld() }
        await tick()
    }

    /// The session locked. - Parameter now: no grace (`ferry lock --now`).
    func lock(immediately: Bool = false) async -> ProtectionReport {
        let seconds = immediately ? 0 : Double(grace.components.seconds) + Double(grace.components.attoseconds) / 1e18
        await perform(machine.lock(now: Self.now(), grace: seconds))
        return report()
    }

    /// Adds the class keys with `passphrase`, unless ``UnlockThrottle`` asks `uid` to wait.
    ///
    /// - Throws: ``ProtectionError`` `.wrongPassphrase` for a wrong passphrase (no key is added,
    ///   the lock stays as it was) and for an attempt refused unchecked, whose message says how
    ///   long to wait.
    func unlock(passphrase: [UInt8], uid: UInt32 = UInt32(getuid())) async throws(ProtectionError)
        -> (FerryProtection.DataProtection.Unlock, ProtectionReport) {
        if case .refuse(let seconds) = throttle.admit(uid: uid, now: attemptClock()) {
            logger.notice("unlock refused unchecked after wrong passphrases", metadata: ["wait": "\(seconds) s"])
            throw ProtectionError(.wrongPassphrase, UnlockThrottle.message(waitSeconds: seconds))
        }
        let outcome: FerryProtection.DataProtection.Unlock
        do {
            outcome = try protection.unlock(passphrase: passphrase)
        } catch {
            if error.code == .wrongPassphrase { throttle.wrong(uid: uid, now: attemptClock()) }
            throw error
        }
        throttle.right()
        busyKeys = false
        await perform(machine.unlocked())
        return (outcome, report())
    }

    /// logind said the session is unlocked: undoes a lock still in its grace.
    func sessionUnlocked() async {
        await perform(machine.sessionUnlocked())
    }

    /// Called when ``nextTick`` comes due: ends the grace, and finishes removing keys files held open.
    func tick() async {
        await perform(machine.tick(now: Self.now()))
        if busyKeys, machine.state == .locked { removeKeys() }
    }

    /// The lock and keys for `ferry ps`, `ferry doctor` and `protection-status`.
    func report() -> ProtectionReport {
        let states = (try? protection.keyStates()) ?? [:]
        let lock: String = switch machine.state {
        case .unlocked: "unlocked"
        case .locking: "locking"
        case .locked: "locked"
        }
        return ProtectionReport(
            lock: lock, available: machine.isAvailable, enforced: protection.keyring.isSupported,
            keys: Dictionary(uniqueKeysWithValues: states.map { ($0.key.rawValue, $0.value.rawValue) }),
            held: held.count())
    }

    private func perform(_ actions: [ProtectionLock.Action]) async {
        for action in actions {
            switch action {
            case .tellWillBecomeUnavailable:
                publish(false)
                _ = await apps?.protectedDataEvent(.protectedDataWillBecomeUnavailable)
            case .writeMarker(let deadline): LockMarker.write(deadline, protection.store.folder)
            case .removeKeys: removeKeys()
            case .tellDidBecomeAvailable:
                publish()
                _ = await apps?.protectedDataEvent(.protectedDataDidBecomeAvailable)
            case .clearMarker: LockMarker.clear(protection.store.folder)
            case .releaseHeld: await releaseHeld()
            }
        }
        publish()
        // The lock changed, so the clock's next due time may have too.
        if !actions.isEmpty { alarm.ring() }
    }

    private func removeKeys() {
        do {
            let states = try protection.lock()
            busyKeys = states.values.contains(.incompletelyRemoved)
            logger.notice("class keys removed", metadata: ["keys": "\(states.map { "\($0.key.rawValue)=\($0.value.rawValue)" }.sorted())"])
        } catch {
            logger.error("class keys could not be removed", metadata: ["error": "\(error)"])
        }
    }

    private func releaseHeld() async {
        let delivered = held.release(paths: paths, logger: logger)
        guard let apps else { return }
        for file in delivered where file.open {
            _ = await apps.openForTransfer(FileURL.make(file.path), app: file.app, source: "ferry.transfer")
        }
    }

    private func publish(_ value: Bool? = nil) {
        let available = value ?? machine.isAvailable
        availability.withLock { $0 = available }
    }

    static func now() -> Double { Date().timeIntervalSince1970 }

    /// Seconds since this controller began, on a clock no date change moves (the throttle's).
    private func attemptClock() -> Double {
        let elapsed = ContinuousClock.now - started
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// How long until ``tick()`` has work: the grace's end, or a retry soon while open files keep
    /// a key; nil when nothing is due until the lock changes.
    var nextTick: Duration? {
        if busyKeys, machine.state == .locked { return .milliseconds(100) }
        guard case .locking(let deadline) = machine.state else { return nil }
        return .milliseconds(Int64((max(0, deadline - Self.now()) * 1000).rounded(.up)))
    }
}
