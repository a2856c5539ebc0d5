import Crypto
import FerryProtocol
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The folder where files arrive before they are checked: on the same file system as the app
/// containers, so a checked file reaches an Inbox by rename. Partial files are named after the
/// sender and the offered content, so offering the same file again resumes it.
public struct StagingArea: Sendable {
    public let directory: String
    /// The folder, open: partial files are created, stat'ed and moved by name relative to it.
    let folder: DirectoryHandle

    /// - Throws: ``TransferError`` when the folder cannot be created.
    public init(directory: String) throws(TransferError) {
        self.directory = directory
        do { try FileSystem.createDirectories(directory) } catch {
            throw TransferError(.failed, "cannot create the staging folder: \(error)")
        }
        guard let folder = DirectoryHandle.open(directory) else {
            throw TransferError(.failed, "cannot open the staging folder \(directory): \(String(cString: strerror(errno)))")
        }
        self.folder = folder
    }

    /// The partial file's name for `file` sent by `sender`: named after the sender, content, path
    /// and id, so the same file offered again finds its partial data.
    public func partialName(_ file: OfferedFile, sender: String) -> String {
        let key = SHA256.hash(data: Array("\(sender):\(file.sha256 ?? "trailer"):\(file.size):\(file.path):\(file.id)".utf8))
        return Array(key).prefix(16).hexString + ".part"
    }

    /// ``partialName(_:sender:)`` as a path.
    public func partialPath(_ file: OfferedFile, sender: String) -> String {
        directory + "/" + partialName(file, sender: sender)
    }

    /// How many bytes of `file` are already here: the resume offset.
    public func offset(_ file: OfferedFile, sender: String) -> UInt64 {
        offset(file, name: partialName(file, sender: sender))
    }

    /// ``offset(_:sender:)`` for the partial file named `name`.
    func offset(_ file: OfferedFile, name: String) -> UInt64 {
        var info = stat()
        guard fstatat(folder.fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return 0 }
        let size = UInt64(clamping: info.st_size)
        return size <= file.size ? size : 0
    }

    /// The resume offsets of files whose partial names are `names`: the folder is listed once and
    /// only the names in it are looked at, so a fresh offer of 10,000 files costs one listing.
    func offsets(_ files: [OfferedFile], names: [String]) -> [UInt64] {
        let here = Set(folder.names())
        return files.indices.map { here.contains(names[$0]) ? offset(files[$0], name: names[$0]) : 0 }
    }

    /// The folder `offers/<id>` where the files of offer `id`'s batch uploads are staged under their
    /// final names, made if missing.
    func offerTree(_ id: String) throws(TransferError) -> DirectoryHandle {
        guard let offers = folder.child("offers", create: true), let tree = offers.child(id, create: true) else {
            throw TransferError(.failed, "cannot make the staging folder \(directory)/offers/\(id): \(String(cString: strerror(errno)))")
        }
        return tree
    }

    /// Deletes offer `id`'s tree with what is left in it.
    func removeOfferTree(_ id: String) {
        try? FileManager.default.removeItem(atPath: directory + "/offers/" + id)
        forgetTreeNames(id)
    }

    /// Flushes the staging file system (which holds the app containers too) to the disk: what is
    /// staged is durable before it moves into an Inbox, and the moves are durable before the apps
    /// are told.
    ///
    /// - Throws: ``TransferError`` when the file system reports a write error.
    public func sync() throws(TransferError) {
        guard systemSyncFS(folder.fd) == 0 else { throw TransferError(.failed, "cannot sync \(directory): \(String(cString: strerror(errno)))") }
    }

    /// Free bytes on the staging file system.
    public func freeBytes() -> UInt64 {
        var info = statvfs()
        guard statvfs(directory, &info) == 0 else { return 0 }
        let (bytes, overflow) = UInt64(info.f_bavail).multipliedReportingOverflow(by: UInt64(info.f_frsize))
        return overflow ? .max : bytes
    }

    /// Deletes the trees of all offers: for a receiver that starts, as offers do not outlive the
    /// ferryd that took them. What a finish cut short had moved into an Inbox goes back, and the
    /// trees' files go under their partial names, for a resume.
    public func removeOfferTrees() {
        undoUnfinishedFinishes()
        returnTreeFilesOfEveryOffer()
        try? FileManager.default.removeItem(atPath: directory + "/offers")
    }

    /// Deletes the partial files `names` that are here: the folder is listed once, so a finish of
    /// 10,000 files does not try 10,000 names that are not there.
    func removePartials(_ names: [String]) {
        guard !names.isEmpty else { return }
        let here = Set(folder.names())
        for name in names where here.contains(name) { unlinkat(folder.fd, name, 0) }
    }

    /// Deletes partial files untouched for longer than `seconds`, and finished offers' receipts
    /// past their 24 hours.
    public func sweep(olderThan seconds: Double, now: Date = Date()) {
        FinishedReceipts(staging: directory).prune(now: now)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.hasSuffix(".part") {
            var info = stat()
            let path = directory + "/" + name
            guard lstat(path, &info) == 0 else { continue }
            if now.timeIntervalSince1970 - Double(info.st_mtim.tv_sec) > seconds { unlink(path) }
        }
    }
}
