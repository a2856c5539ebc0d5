import ArgumentParser
import FerryCore

#if canImport(Glibc)
import Glibc
#endif

/// What `ferry send` checks before ferryd does any network work: a path that is missing or
/// unreadable would otherwise be offered, accepted, and fail halfway (issue 29).
enum SendPreflight {
    /// Whether `text` is a certificate fingerprint: 64 hex digits (colons allowed between pairs).
    static func isFingerprint(_ text: String) -> Bool {
        let digits = text.filter { $0 != ":" }
        return digits.count == 64 && digits.allSatisfy(\.isHexDigit)
    }

    /// `text` as ferryd takes it: lower-case hex digits, no colons.
    static func fingerprint(_ text: String) -> String {
        text.filter { $0 != ":" }.lowercased()
    }

    /// Checks that every path (and everything in a folder) exists and can be read.
    /// - Throws: A ``CommandFailure`` with exit 66 (EX_NOINPUT) naming the first path at fault.
    static func checkReadable(_ paths: [String]) throws {
        for path in paths { try check(path) }
    }

    private static func check(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = errno == ENOENT ? "no such file or folder" : String(cString: strerror(errno))
            throw CommandFailure(message: "\(path): \(reason); nothing was sent", exit: FerryExit.noInput)
        }
        let folder = mode_t(info.st_mode) & S_IFMT == S_IFDIR
        guard access(path, folder ? R_OK | X_OK : R_OK) == 0 else {
            throw CommandFailure(message: "\(path): cannot be read (\(String(cString: strerror(errno)))); nothing was sent",
                                 exit: FerryExit.noInput)
        }
        if folder { try checkEntries(of: path) }
    }

    private static func checkEntries(of folder: String) throws {
        guard let directory = opendir(folder) else { return }
        var entries: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { entries.append(name) }
        }
        closedir(directory)
        for name in entries where !isSymbolicLink(folder + "/" + name) { try check(folder + "/" + name) }
    }

    /// A link inside a folder is the daemon's to judge (it may skip it); only what is really there is checked.
    private static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && mode_t(info.st_mode) & S_IFMT == S_IFLNK
    }
}
