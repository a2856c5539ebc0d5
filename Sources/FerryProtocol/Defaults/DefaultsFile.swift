#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One domain's file: a property list whose root is a dictionary, read whole and written
/// atomically (a temporary file named `ID.plist.tmp-PID` beside it, fsync, rename; ferryd reads
/// the PID in that name to tell an app's own writes from others').
public enum DefaultsFile {
    /// The largest domain read; real ones are a few kilobytes.
    public static let maximumSize = 4 << 20

    /// The domain at `path`; nil when there is no such file.
    ///
    /// - Throws: ``DefaultsError`` naming the file when it exists but cannot be used; nothing is
    ///   changed, so a damaged domain is never overwritten by accident.
    public static func read(_ path: String) throws(DefaultsError) -> [String: PropertyListValue]? {
        guard FileSystem.exists(path) else { return nil }
        guard let bytes = FileSystem.regularFileBytes(path) else {
            throw DefaultsError(.unreadable, path: path, "\(path) cannot be read (\(String(cString: strerror(errno))))")
        }
        guard bytes.count <= maximumSize else {
            throw DefaultsError(.notAPropertyList, path: path, "\(path) is \(bytes.count) bytes; a defaults domain may be \(maximumSize >> 20) MiB at most")
        }
        let root: PropertyListValue
        do { root = try PropertyListValue(propertyList: bytes) } catch {
            throw DefaultsError(.notAPropertyList, path: path, "\(path) is not a valid property list; fix or remove it")
        }
        guard case .dictionary(let entries) = root else {
            throw DefaultsError(.notADictionary, path: path, "\(path) holds \(root.typeName), not a dictionary; fix or remove it")
        }
        return entries
    }

    /// Writes `entries` to `path` as an XML property list, atomically; its folder is made 0700.
    /// An empty domain removes the file, as `defaults delete` does.
    ///
    /// - Throws: ``DefaultsError`` `cannotWrite` naming the path and the system's reason.
    public static func write(_ entries: [String: PropertyListValue], to path: String) throws(DefaultsError) {
        do {
            if entries.isEmpty {
                guard unlink(path) == 0 || errno == ENOENT else { throw FileSystemError(path: path, errno: errno, action: "remove") }
                return
            }
            try FileSystem.createDirectories(FileSystem.parent(of: path), mode: 0o700)
            try FileSystem.writeAtomically(PropertyListValue.dictionary(entries).xmlDocument(), to: path, mode: 0o600)
        } catch {
            throw DefaultsError(.cannotWrite, path: path, "\(path) cannot be written: \(error)")
        }
    }

    /// Reads the domain at `path`, applies `change` and writes it back (or removes it when empty).
    ///
    /// - Returns: What `change` returned.
    /// - Throws: ``DefaultsError`` when the file cannot be read or written; a damaged file is left as it is.
    @discardableResult
    public static func update<T>(_ path: String, _ change: (inout [String: PropertyListValue]) -> T) throws(DefaultsError) -> T {
        var entries = try read(path) ?? [:]
        let result = change(&entries)
        try write(entries, to: path)
        return result
    }
}
