import FerryProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Moves checked files from the staging area into apps' `Documents/Inbox`, read-only, under a
/// sanitized name that never replaces another file and never leaves the Inbox. The Inbox and the
/// folders in it are read-only too (0555): each is made writable by its owner only for the moment
/// ferryd adds to it (see ``InboxFolderMode``), so an app does not add, rename or remove entries
/// by mistake. One writer serves
/// one offer: it keeps the folders it made open, so the 10,000th file of a folder costs one
/// rename and one chmod, relative to open folders, like the first.
public struct InboxWriter {
    /// The Inbox of a container: `<container>/Documents/Inbox`.
    public static func inbox(container: String) -> String { container + "/Documents/Inbox" }

    let staging: StagingArea
    /// The folders opened so far (Inboxes and folders inside them), by path.
    private var folders: [String: DirectoryHandle] = [:]
    /// By container and a sent path's folder part as sent: the folder its files go to and that
    /// folder's path inside the Inbox, so the files of one folder sanitize only their own names.
    private var placesByFolder: [String: (folder: DirectoryHandle, prefix: String)] = [:]
    /// Folders inside Inboxes by path as sent (sanitized): the open folder and its name, numbered
    /// when a file was in the way.
    private var aliases: [String: (DirectoryHandle, String)] = [:]
    /// Each move made, for ``undo()``: from where, to where, and the mode to give back.
    private var journal: [(from: DirectoryHandle, staged: String, to: DirectoryHandle, placed: String, mode: mode_t)] = []
    /// The same moves on disk, for the next ferryd when this one dies before it is done.
    var finishJournal: FinishJournal?

    public init(staging: StagingArea) {
        self.staging = staging
    }

    /// Moves the checked partial file `name` to `relativePath` (sanitized) inside the container's
    /// Inbox, numbering the name on a collision, and makes it read-only (0444). The caller syncs the
    /// file system afterwards (``StagingArea/sync()``).
    ///
    /// - Returns: The path inside the Inbox, relative to it.
    /// - Throws: ``TransferError`` when a folder from `Documents` down is a symbolic link or not a
    ///   folder, or the file system refuses.
    public mutating func place(_ name: String, as relativePath: String, container: String) throws(TransferError) -> String {
        try place(name, from: staging.folder, as: relativePath, container: container)
    }

    /// ``place(_:as:container:)`` for the checked file `name` in `source` (a folder of an offer's tree).
    mutating func place(_ name: String, from source: DirectoryHandle, as relativePath: String, container: String) throws(TransferError) -> String {
        let (folderPart, last) = Self.split(relativePath)
        // A plain name is its own safe name, and then its folder's place depends on the folder part alone.
        let key = container + "\u{0}" + folderPart
        let place: (folder: DirectoryHandle, prefix: String)
        let fileName: String
        if NameSanitizer.isPlainASCII(last), let known = placesByFolder[key] {
            (place, fileName) = (known, last)
        } else {
            let components = NameSanitizer.components(of: relativePath)
            place = try folder(for: components.dropLast(), container: container)
            fileName = components.last!
            if NameSanitizer.isPlainASCII(last) { placesByFolder[key] = place }
        }
        let placed = try InboxFolderMode.writable(place.folder) { () throws(TransferError) in
            try move(name, from: source, into: place.folder, at: Self.inbox(container: container) + "/" + place.prefix, as: fileName)
        }
        fchmodat(place.folder.fd, placed, 0o444, 0)
        return place.prefix + placed
    }

    /// The open folder that `directories` name inside the container's Inbox (made if missing), and
    /// its path inside the Inbox ("" or "a/b/"), numbered where a file is in the way.
    private mutating func folder(for directories: ArraySlice<String>, container: String) throws(TransferError) -> (folder: DirectoryHandle, prefix: String) {
        let inbox = Self.inbox(container: container)
        var folder = try inboxFolder(inbox, container: container)
        var path = inbox
        var prefix = ""
        for directory in directories {
            path += "/" + directory
            let (child, name) = try inboxChild(directory, of: folder, at: path)
            folder = child
            prefix += name + "/"
        }
        return (folder, prefix)
    }

    /// The folder `name` inside an Inbox folder, made if missing. A file in its place (received
    /// earlier, or one of this very offer) is passed by numbering the folder, as a file's name is
    /// numbered; a symbolic link is refused.
    private mutating func inboxChild(_ name: String, of parent: DirectoryHandle, at path: String) throws(TransferError) -> (DirectoryHandle, String) {
        if let known = aliases[path] { return known }
        for n in 1...10_000 {
            let candidate = n == 1 ? name : NameSanitizer.numbered(name, n)
            if let folder = InboxFolderMode.writable(parent, { parent.child(candidate, create: true) }) {
                InboxFolderMode.readOnly(folder)
                aliases[path] = (folder, candidate)
                return (folder, candidate)
            }
            var info = stat()
            let isFile = fstatat(parent.fd, candidate, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFREG
            guard isFile else { break }
        }
        return (try child(name, of: parent, at: path), name)
    }

    /// Opens the Inboxes of `containers` before the first file moves: a symbolic link or a file in
    /// the way of one is found while nothing has moved yet.
    mutating func prepare(_ containers: Set<String>) throws(TransferError) {
        for container in containers.sorted() { _ = try inboxFolder(Self.inbox(container: container), container: container) }
    }

    /// Moves every file placed so far back where it came from, the last first: a finish that
    /// fails leaves nothing of its offer in an Inbox.
    mutating func undo() {
        for move in journal.reversed() {
            // A folder moved whole goes back writable, as it was staged: its files move out of it next.
            if let moved = move.to.child(move.placed, create: false) { InboxFolderMode.writableTree(moved) }
            fchmodat(move.to.fd, move.placed, move.mode, 0)
            InboxFolderMode.writable(move.to) {
                if renameat(move.to.fd, move.placed, move.from.fd, move.staged) != 0 && errno == EXDEV {
                    _ = CrossPolicyCopy.move(move.placed, from: move.to.fd, to: move.staged, in: move.from.fd, mode: move.mode)
                }
            }
        }
        journal.removeAll()
    }

    /// A sent path's folder part (up to its last separator) and its last component, as sent.
    static func split(_ path: String) -> (folder: Substring, last: String) {
        let utf8 = path.utf8
        guard let separator = utf8.lastIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) else { return ("", path) }
        return (Substring(utf8[..<separator]), String(Substring(utf8[utf8.index(after: separator)...])))
    }

    /// The container's Inbox, created on first use; `Documents` and `Inbox` must be real folders.
    private mutating func inboxFolder(_ inbox: String, container: String) throws(TransferError) -> DirectoryHandle {
        if let known = folders[inbox] { return known }
        do { try FileSystem.createDirectories(container) } catch {
            throw TransferError(.failed, "cannot create the container: \(error)")
        }
        guard let top = DirectoryHandle.open(container) else {
            throw TransferError(.failed, "cannot open \(container): \(String(cString: strerror(errno)))")
        }
        let documents = try child("Documents", of: top, at: container + "/Documents", readOnly: false)
        return try child("Inbox", of: documents, at: inbox)
    }

    /// The folder `name` inside `parent` (at `path`), made if missing.
    private mutating func child(_ name: String, of parent: DirectoryHandle, at path: String, readOnly: Bool = true) throws(TransferError) -> DirectoryHandle {
        if let known = folders[path] { return known }
        guard let folder = InboxFolderMode.writable(parent, { parent.child(name, create: true) }) else {
            if errno == ELOOP || errno == ENOTDIR || errno == EEXIST {
                throw TransferError(.failed, "\(path) is not a folder (a symbolic link or a file is in the way); refusing to write through it")
            }
            throw TransferError(.failed, "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        // Documents stays the app's; the Inbox and what is in it are read-only (also an Inbox an
        // older ferryd left 0755).
        if readOnly { InboxFolderMode.readOnly(folder) }
        folders[path] = folder
        return folder
    }

    /// Moves `entry` of `source` (an offer's tree: a folder with its files, or one file, all
    /// checked and read-only) into the container's Inbox whole, under the same name, with one
    /// rename. Returns false, moving nothing, when the Inbox already has that name (or the file
    /// system cannot rename without replacing): the caller then moves its files one by one.
    mutating func moveWhole(_ entry: String, from source: DirectoryHandle, container: String) throws(TransferError) -> Bool {
        let inbox = Self.inbox(container: container)
        let folder = try inboxFolder(inbox, container: container)
        finishJournal?.willMove(entry, from: source, to: folder, as: entry, mode: Self.mode(of: entry, in: source))
        if InboxFolderMode.writable(folder, { systemRenameAt2(source.fd, entry, folder.fd, entry, renameNoReplace) }) == 0 {
            journal.append((source, entry, folder, entry, Self.mode(of: entry, in: folder)))
            if let moved = folder.child(entry, create: false) { InboxFolderMode.readOnlyTree(moved) }
            return true
        }
        // EXDEV: the Inbox has another protection class than the staging area; file by file then.
        guard errno == EEXIST || errno == ENOTEMPTY || errno == EINVAL || errno == ENOSYS || errno == EXDEV else {
            throw TransferError(.failed, "cannot move \(entry) into \(inbox): \(String(cString: strerror(errno)))")
        }
        return false
    }

    /// Renames the staged file into `folder` under `name` or its first free numbered alternative.
    private mutating func move(_ staged: String, from source: DirectoryHandle, into folder: DirectoryHandle, at path: String,
                               as name: String) throws(TransferError) -> String {
        let mode = Self.mode(of: staged, in: source)
        for n in 1...10_000 {
            let candidate = n == 1 ? name : NameSanitizer.numbered(name, n)
            finishJournal?.willMove(staged, from: source, to: folder, as: candidate, mode: mode)
            if systemRenameAt2(source.fd, staged, folder.fd, candidate, renameNoReplace) == 0 {
                journal.append((source, staged, folder, candidate, mode))
                return candidate
            }
            // An Inbox of another protection class than the staging area (fscrypt refuses the rename).
            if errno == EXDEV, CrossPolicyCopy.move(staged, from: source.fd, to: candidate, in: folder.fd, mode: mode) == 0 {
                journal.append((source, staged, folder, candidate, mode))
                return candidate
            }
            // A file system without RENAME_NOREPLACE: a hard link also never replaces a file.
            if errno == EINVAL || errno == ENOSYS, linkat(source.fd, staged, folder.fd, candidate, 0) == 0 {
                unlinkat(source.fd, staged, 0)
                journal.append((source, staged, folder, candidate, mode))
                return candidate
            }
            guard errno == EEXIST else {
                throw TransferError(.failed, "cannot move the file into \(path): \(String(cString: strerror(errno)))")
            }
        }
        throw TransferError(.failed, "\(path) already holds 10,000 files named like \(name)")
    }

    /// The permission bits of `name` in `folder` (0600 if it cannot be read).
    static func mode(of name: String, in folder: DirectoryHandle) -> mode_t {
        var info = stat()
        return fstatat(folder.fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info.st_mode & 0o7777 : 0o600
    }
}
