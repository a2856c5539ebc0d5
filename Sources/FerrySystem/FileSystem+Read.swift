#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small file-system readers over the C library, where FileManager is slower or less precise.
extension FileSystem {
    package static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    package static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    public static func isExecutable(_ path: String) -> Bool {
        isRegularFile(path) && access(path, X_OK) == 0
    }

    /// The folder holding `path`: `/` for a top-level path, `.` for a bare name.
    package static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The bytes of the regular file at `path`, or nil when it cannot be read whole, for the caller
    /// to read it again through Foundation and report why. `Data(contentsOf: URL)` costs a run-time
    /// conformance lookup in `URL.path` (a tenth of a `ferry open`).
    package static func regularFileBytes(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            guard count > 0 else { return count == 0 ? Array(bytes[..<filled]) : nil }
            filled += count
        }
        return bytes
    }

    /// The names in a directory, sorted, without `.` and `..`; nil when it cannot be read.
    public static func entries(of path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
