import FerryProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Application {
    /// `Documents/Inbox`, where files sent from other devices arrive: read-only files (0444) in
    /// read-only folders (0555); ``moveFromInbox(_:)`` takes them out.
    public var inboxDirectory: String { documentsDirectory + "/Inbox" }

    /// Moves a received file (or folder) out of the Inbox into `Documents`, where the app may
    /// change it: a file becomes writable by its owner (0644), a folder's folders 0755 and files
    /// 0644. The name is kept unless `Documents`
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
        // The Inbox's folders are read-only: the one it leaves is opened for the move, and a folder
        // moving to another parent must be writable itself (its `..` changes).
        let parent = String(source[..<source.lastIndex(of: "/")!])
        let parentMode = Self.mode(of: parent)
        chmod(parent, parentMode | S_IWUSR)
        defer { chmod(parent, parentMode) }
        if isFolder { chmod(source, (info.st_mode & 0o7777) | S_IWUSR) }
        for n in 1...10_000 {
            let target = documentsDirectory + "/" + (n == 1 ? last : NumberedName.make(last, n))
            switch Self.move(source, to: target, folder: isFolder) {
            case 0:
                if isFolder { Self.makeWritable(target) } else if (info.st_mode & S_IFMT) == S_IFREG { chmod(target, 0o644) }
                return target
            case EEXIST: continue
            case let error:
                if isFolder { chmod(source, info.st_mode & 0o7777) }
                throw InboxError(.failed, "cannot move \(source) to \(target): \(String(cString: strerror(error)))")
            }
        }
        throw InboxError(.failed, "\(documentsDirectory) already holds 10,000 files named like \(last)")
    }

    static func mode(of path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o755
    }

    /// A folder taken out of the Inbox becomes the app's like any other: folders 0755, files 0644
    /// (symbolic links are neither followed nor changed).
    private static func makeWritable(_ folder: String) {
        chmod(folder, 0o755)
        guard let stream = opendir(folder) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: makeWritable(path)
            case S_IFREG: chmod(path, 0o644)
            default: continue
            }
        }
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
