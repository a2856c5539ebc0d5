import FerryCore

#if canImport(Glibc)
import Glibc
#endif

/// A local file `ferry open PATH` was given: where it is, its `file://` URL and its type.
struct LocalDocument {
    /// The absolute path, `.` and `..` resolved by name (symbolic links are left as they are).
    var path: String
    /// `file://` and the percent-encoded absolute path.
    var url: String
    /// The UTI (from the extension), the extension and the MIME type shared-mime-info gives.
    var kind: DocumentKind

    /// How much of the file the MIME database sniffs, as `gio info` does.
    static let sniffedBytes = 4096

    /// Looks at the file `argument` names.
    ///
    /// - Throws: ``CommandFailure`` with exit 66 when it does not exist or cannot be read.
    init(_ argument: String, workingFolder: String) throws(CommandFailure) {
        let path = Self.absolute(argument, from: workingFolder)
        self.path = path
        url = "file://" + Self.percentEncoded(path)
        let head = try Self.head(of: path, shown: argument)
        let name = String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...])
        let mimeType = head.isDirectory ? "inode/directory"
            : SharedMimeInfo.guess(fileName: name, head: head.bytes) ?? Self.knownMIMEType(name)
        kind = DocumentKind(uti: head.isDirectory ? "public.folder" : FileTypes.uti(for: name),
                            fileExtension: head.isDirectory ? nil : FileTypes.fileExtension(name),
                            mimeType: mimeType, isA: SharedMimeInfo.isA)
    }

    /// The first bytes of a regular file; nothing for a folder or a special file (a FIFO is never
    /// read: that would wait for a writer).
    private static func head(of path: String, shown: String) throws(CommandFailure) -> (bytes: [UInt8], isDirectory: Bool) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw failure(shown, errno) }
        if info.st_mode & S_IFMT == S_IFDIR { return ([], true) }
        guard info.st_mode & S_IFMT == S_IFREG else { return ([], false) }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { throw failure(shown, errno) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: sniffedBytes)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count >= 0 else { throw failure(shown, errno) }
        return (Array(bytes[..<count]), false)
    }

    private static func failure(_ shown: String, _ code: Int32) -> CommandFailure {
        let message = code == ENOENT || code == ENOTDIR ? "no such file: \(shown)"
            : "cannot read \(shown): \(String(cString: strerror(code)))"
        return CommandFailure(message: message, exit: FerryExit.noInput)
    }

    /// Without libgio: the MIME type of the few extensions Ferry knows, else none.
    private static func knownMIMEType(_ name: String) -> String? {
        let types = FileTypes.types(for: name)
        return types.uti == "public.data" ? nil : types.mime
    }

    /// `argument` made absolute against `folder`, with `.`, `..` and repeated slashes resolved.
    static func absolute(_ argument: String, from folder: String) -> String {
        let full = argument.hasPrefix("/") ? argument : folder + "/" + argument
        var parts: [Substring] = []
        for part in full.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Every byte but unreserved characters, `/` and the sub-delimiters GLib's
    /// `g_filename_to_uri` keeps, as `%XX`.
    static func percentEncoded(_ path: String) -> String {
        let kept = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/!$&'()*+,;=:@".utf8)
        var text = ""
        for byte in path.utf8 {
            if kept.contains(byte) { text.unicodeScalars.append(Unicode.Scalar(byte)) }
            else { text += "%" + String(byte, radix: 16, uppercase: true).leftPadded() }
        }
        return text
    }

    /// The current working folder.
    static func workingFolder() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(cString: buffer)
    }
}

private extension String {
    func leftPadded() -> String { count == 1 ? "0" + self : self }
}
