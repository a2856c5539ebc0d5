import FerryCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Application {
    /// `Documents/Inbox`, where files sent from other devices arrive, read-only (0444).
    public var inboxDirectory: String { documentsDirectory + "/Inbox" }

    /// Moves a received file (or folder) out of the Inbox into `Documents`, where the app may
    /// change it: a file becomes writable by its owner (0644). The name is kept unless `Documents`
    /// already has one like it, then it is numbered (`report 2.pdf`). Nothing is ever overwritten.
    ///
    /// - Parameter name: The name inside the Inbox, such as `report.pdf` or `photos/a.jpg` (a file
    ///   of a received folder); it lands directly in `Documents`.
    /// - Returns: The new absolute path.
    /// - Throws: ``InboxError`` for a name outside the Inbox, a missing file, or a refused move.
    public func moveFromInbox(_ name: String) throws(InboxError) -> String {
        let components = name.split(separator: "/").map(String.init)
        guard !name.hasPrefix("/"), let last = components.last, !components.contains(".."), !components.contains(".") else {
            throw InboxError(.invalidName, "\(name.debugDescription) is not a name inside the Inbox; pass it as listed in \(inboxDirectory)")
        }
        let source = inboxDirectory + "/" + components.joined(separator: "/")
        var info = stat()
        guard lstat(source, &info) == 0 else {
            throw InboxError(.notFound, "\(source) does not exist; it was moved already, or never arrived")
        }
        let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
        for n in 1...10_000 {
            let target = documentsDirectory + "/" + (n == 1 ? last : NumberedName.make(last, n))
            switch Self.move(source, to: target, folder: isFolder) {
            case 0:
                if (info.st_mode & S_IFMT) == S_IFREG { chmod(target, 0o644) }
                return target
            case EEXIST: continue
            case let error: throw InboxError(.failed, "cannot move \(source) to \(target): \(String(cString: strerror(error)))")
            }
        }
        throw InboxError(.failed, "\(documentsDirectory) already holds 10,000 files named like \(last)")
    }

    /// Moves without replacing: a file by link and unlink, a folder by rename after checking the
    /// name is free. Returns 0 or the errno.
    private static func move(_ source: String, to target: String, folder: Bool) -> Int32 {
        if folder {
            var info = stat()
            if lstat(target, &info) == 0 { return EEXIST }
            return rename(source, target) == 0 ? 0 : errno
        }
        guard link(source, target) == 0 else { return errno }
        return unlink(source) == 0 ? 0 : errno
    }
}
