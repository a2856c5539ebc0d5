import Crypto
import FerryCore
import FoundationEssentials
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// Saved state on disk: one encrypted archive per app, `FOLDER/<bundle-id>.state` (0600, folder
/// 0700), written atomically; the key in a file of its own elsewhere.
struct StateStore: Sendable {
    /// The folder of the archives: `$XDG_STATE_HOME/ferry/state`.
    var folder: String
    /// The folder of the key file.
    var keyFolder: String
    /// The key file: `$XDG_DATA_HOME/ferry/keys/state.key`.
    var keyFile: String { keyFolder + "/state.key" }

    /// The archive file of `app`.
    ///
    /// - Throws: ``StateError`` `invalidApp` when the identifier cannot name a file.
    func path(for app: String) throws(StateError) -> String {
        guard !app.isEmpty, !app.hasPrefix("."), !app.contains("/"), app.utf8.count <= 200 else {
            throw StateError(.invalidApp, "\"\(app)\" is not a bundle identifier; use one that ferry apps lists")
        }
        return folder + "/" + app + ".state"
    }

    /// Encrypts and writes `archive`, replacing the app's previous one.
    func save(_ archive: [UInt8], info: ArchiveInfo, for app: String) throws(StateError) {
        let path = try path(for: app)
        let key = try StateKey.loadOrCreate(at: keyFile, folder: keyFolder)
        do {
            let sealed = try SealedArchive.seal(archive, info: info, app: app, key: key)
            try FileSystem.createDirectories(folder)
            try FileSystem.writeAtomically(sealed, to: path, mode: 0o600)
        } catch {
            throw StateError(.io, "cannot save the state of \(app): \(error)")
        }
    }

    /// The app's archive and what is known about it; nil when there is none.
    ///
    /// - Throws: ``StateError`` `damaged` when the file exists but does not decrypt.
    func load(_ app: String) throws(StateError) -> (info: ArchiveInfo, archive: Data)? {
        let path = try path(for: app)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return try load(app, from: fd)
    }

    /// Reads and decrypts the archive open at `fd` (from ``take(_:)``).
    ///
    /// - Throws: ``StateError`` `damaged` when it does not decrypt.
    func load(_ app: String, from fd: Int32) throws(StateError) -> (info: ArchiveInfo, archive: Data)? {
        guard let bytes = FileSystem.contents(of: fd) else { return nil }
        let key = try StateKey.loadOrCreate(at: keyFile, folder: keyFolder)
        return try SealedArchive.open(bytes, app: app, key: key)
    }

    /// Takes the app's archive off the disk for one launch: an open descriptor to it (the caller
    /// closes it), the file itself renamed out of reach and freed later (``consume(_:)``).
    /// - Returns: nil when there is none.
    func take(_ app: String) -> Int32? {
        guard let path = try? path(for: app) else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        consume(app)
        return fd
    }

    /// Takes the app's archive out of reach at once (a rename), and frees its blocks on a
    /// background thread: unlinking a 1 MB file costs milliseconds on ext4, which a launch should
    /// not wait for.
    func consume(_ app: String) {
        guard let path = try? path(for: app) else { return }
        let used = path + ".used"
        guard rename(path, used) == 0 else { return }
        NIOThreadPool.singleton.submit { _ in unlink(used) }
    }

    /// Removes the app's archive. - Returns: Whether there was one.
    @discardableResult
    func discard(_ app: String) -> Bool {
        guard let path = try? path(for: app) else { return false }
        return unlink(path) == 0
    }
}

extension DaemonConfiguration {
    /// Where saved state lives: `state` beside the log folder (`$XDG_STATE_HOME/ferry/state`),
    /// with its key under the data home (`$XDG_DATA_HOME/ferry/keys/state.key`).
    var stateStore: StateStore {
        var parent = logDirectory
        while parent.count > 1, parent.hasSuffix("/") { parent.removeLast() }
        let ferry = parent.lastIndex(of: "/").map { String(parent[..<$0]) } ?? parent
        return StateStore(folder: ferry + "/state", keyFolder: paths.dataHome + "/keys")
    }
}
