import FerryCore

#if canImport(Glibc)
import Glibc
#endif

/// Turns the inotify events of the folders ferryd watches for defaults into what to do: a pure
/// value, fed event batches, tested without a file system.
///
/// - The containers folder: a new container gets its `Library/Preferences` made and watched.
/// - An app's `Library/Preferences`: `ID.plist` replaced, written in place or removed is a change.
///   An atomic write renames `ID.plist.tmp-PID` over it; the rename's cookie pairs the two
///   events, so the writer's PID is known and the app's own writes are not echoed back to it.
/// - The administrator's folder: `ID.plist` changes that app, `.GlobalPreferences.plist` every app.
///   While it does not exist, the nearest folder above it is watched for the next one on the way.
struct DefaultsChanges {
    enum Folder: Equatable {
        case containers
        case preferences(app: String)
        case admin
        /// A folder above the missing administrator's folder: the creation of `child` in it counts.
        case awaiting(child: String)
    }

    enum Action: Equatable {
        /// A container appeared: make and watch its `Library/Preferences`.
        case watchContainer(String)
        /// `app`'s domain changed; `writer` is the PID that renamed it into place, when known.
        case changed(app: String, writer: Int32?)
        /// The administrator's global domain changed: every app.
        case changedForAll
        /// A folder on the way to the administrator's folder appeared: watch it again.
        case adminFolderMayExist
    }

    private(set) var folders: [Int32: Folder] = [:]
    /// Renames seen leaving a temporary name, by cookie: the PID in that name.
    private var renames: [UInt32: Int32] = [:]

    mutating func watching(_ wd: Int32, _ folder: Folder) { folders[wd] = folder }

    /// The actions of one batch, each once, in the order first seen.
    mutating func actions(for events: [Inotify.Event]) -> [Action] {
        var actions: [Action] = []
        for event in events {
            guard let action = action(for: event), !actions.contains(action) else { continue }
            actions.append(action)
        }
        renames.removeAll()
        return actions
    }

    private mutating func action(for event: Inotify.Event) -> Action? {
        let mask = Int32(bitPattern: event.mask)
        switch folders[event.watch] {
        case .containers?:
            return mask & Int32(IN_ISDIR) != 0 && mask & Int32(IN_CREATE | IN_MOVED_TO) != 0 && !event.name.hasPrefix(".")
                ? .watchContainer(event.name) : nil
        case .preferences(let app)?:
            let domain = app + ".plist"
            if mask & Int32(IN_MOVED_FROM) != 0, event.name.hasPrefix(domain + ".tmp-"), let pid = Int32(event.name.dropFirst(domain.count + 5)) {
                renames[event.cookie] = pid
                return nil
            }
            guard event.name == domain, mask & Int32(IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM) != 0 else { return nil }
            return .changed(app: app, writer: mask & Int32(IN_MOVED_TO) != 0 ? renames[event.cookie] : nil)
        case .admin?:
            guard event.name.hasSuffix(".plist"), !event.name.contains(".plist.tmp"),
                  mask & Int32(IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM) != 0 else { return nil }
            let app = String(event.name.dropLast(".plist".count))
            return app == DefaultsLocations.globalDomainName ? .changedForAll : .changed(app: app, writer: nil)
        case .awaiting(let child)?:
            return event.name == child && mask & Int32(IN_CREATE | IN_MOVED_TO) != 0 ? .adminFolderMayExist : nil
        case nil:
            return nil
        }
    }

    /// What the preferences and administrator's folders are watched for.
    static let fileEvents = UInt32(IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE | IN_DELETE)
    /// What the containers folder is watched for.
    static let folderEvents = UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR)
}
