import FerryCore
import FerryProtection
import FerryTransfer
import FoundationEssentials
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// Files received for an Inbox that is locked (class `complete` or `completeUnlessOpen` without
/// its key): the receiver writes them under `Protection/Held/<app>` as if it were the container,
/// in a folder of class completeUntilFirstUserAuthentication, and the next unlock moves them into
/// the app's Inbox and opens them. On disk, so nothing is lost when ferryd restarts meanwhile.
struct HeldInbox: Sendable {
    /// One file moved into its Inbox by a release.
    struct Delivered: Sendable, Equatable {
        var app: String
        var path: String
        var open: Bool
    }

    let root: String

    init(dataHome: String) {
        root = dataHome + "/Protection/Held"
    }

    /// The stand-in container of `app`.
    func container(for app: String) -> String { root + "/" + app }

    func isHeld(_ container: String) -> Bool { container.hasPrefix(root + "/") }

    /// Makes the held folder (class completeUntilFirstUserAuthentication where it can) and the
    /// app's stand-in container, remembering whether the app opens its files.
    func prepare(app: String, open: Bool, identifiers: [ProtectionClass: KeyIdentifier]) {
        if !FileSystem.exists(root) {
            try? FileSystem.createDirectories(root, mode: 0o700)
            _ = try? FolderProtection.set(.completeUntilFirstUserAuthentication, on: root, identifiers: identifiers)
        }
        try? FileSystem.createDirectories(container(for: app), mode: 0o700)
        if open { try? FileSystem.writeAtomically([], to: container(for: app) + "/open-on-unlock", mode: 0o600) }
    }

    /// How many files wait.
    func count() -> Int {
        (FileSystem.entries(of: root) ?? []).reduce(0) { sum, app in
            sum + files(in: InboxWriter.inbox(container: container(for: app))).count
        }
    }

    /// Moves every held file into its app's Inbox (copied: the classes differ). A file whose Inbox
    /// is still locked stays held for the next unlock.
    func release(paths: FerryPaths, logger: Logger) -> [Delivered] {
        var delivered: [Delivered] = []
        for app in FileSystem.entries(of: root) ?? [] {
            let stand = container(for: app)
            let open = FileSystem.exists(stand + "/open-on-unlock")
            let source = InboxWriter.inbox(container: stand)
            let target = InboxWriter.inbox(container: paths.container(for: app))
            var left = 0
            for relative in files(in: source) {
                if let placed = HeldCopy.place(source + "/" + relative, into: target, as: relative) {
                    delivered.append(Delivered(app: app, path: placed, open: open))
                } else {
                    left += 1
                    logger.warning("held file not delivered yet", metadata: ["file": "\(relative)", "app": "\(app)", "error": "\(String(cString: strerror(errno)))"])
                }
            }
            if left == 0 { HeldCopy.removeTree(stand) }
        }
        if !delivered.isEmpty { logger.notice("held files delivered", metadata: ["files": "\(delivered.count)"]) }
        return delivered
    }

    /// Regular files under `folder`, relative to it, sorted.
    func files(in folder: String) -> [String] {
        var found: [String] = []
        for name in FileSystem.entries(of: folder) ?? [] {
            let path = folder + "/" + name
            if FileSystem.isDirectory(path) {
                found += files(in: path).map { name + "/" + $0 }
            } else if FileSystem.isRegularFile(path) {
                found.append(name)
            }
        }
        return found
    }
}

extension ProtectionController {
    /// Where the receiver writes a file for `target`: its Inbox, or the held folder while that
    /// Inbox is locked.
    nonisolated func inboxTarget(_ target: InboxTarget, apps: [InstalledApp], paths: FerryPaths) -> InboxTarget {
        if let app = apps.first(where: { $0.bundleIdentifier == target.app }) { prepareContainer(app, paths: paths) }
        guard isLocked(container: target.container) else { return target }
        let identifiers = (try? protection.identifiers()) ?? [:]
        held.prepare(app: target.app, open: target.open, identifiers: identifiers)
        return InboxTarget(app: target.app, container: held.container(for: target.app), open: false)
    }

    /// Whether a delivery went to the held folder (it is opened at the next unlock instead).
    nonisolated func isHeld(_ target: InboxTarget) -> Bool { held.isHeld(target.container) }

    /// Whether the container's Documents is of a class whose key is not in the kernel now.
    nonisolated func isLocked(container: String) -> Bool {
        guard let identifiers = try? protection.identifiers(), !identifiers.isEmpty,
              let reading = try? FolderProtection.reading(at: container + "/Documents", identifiers: identifiers),
              case .enforced(let protection_) = reading, protection_.isRemovedAtLock,
              let identifier = identifiers[protection_] else { return false }
        return (try? protection.keyring.status(identifier)) != .present
    }
}
