#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the built-in declarations of the reserved schemes (http, https, mailto…) are: one
/// answer for `ferry` and `ferryd`, so a binary copied into `PREFIX/bin` still finds them.
public enum BuiltInSchemes {
    /// A folder that was passed over because another user could change it (``FolderTrust``).
    public struct Skipped: Sendable, Equatable {
        /// The schemes folder that exists but was not read.
        public var path: String
        /// Why, naming the folder at fault.
        public var reason: String
    }

    /// What the search found: the folder used, and those passed over before it.
    public struct Search: Sendable, Equatable {
        public var folder: String?
        public var skipped: [Skipped] = []
    }

    /// The first folder that exists of: `FERRY_SCHEMES_DIR`; `share/ferry/schemes` beside the
    /// binary's prefix; `ferry/schemes` in `$XDG_DATA_HOME` and each `$XDG_DATA_DIRS` entry; the
    /// `schemes` folder of a source checkout above the binary; in debug builds, that of the
    /// checkout it was built in. Of these, a folder another user could change (it or any folder
    /// above it; see ``FolderTrust``) is skipped: its declarations would run that user's
    /// programs. `FERRY_SCHEMES_DIR` is the caller's explicit choice and is used as it is.
    ///
    /// - Parameters:
    ///   - environment: The process environment.
    ///   - executable: The running binary's resolved path (``runningExecutable()``).
    public static func folder(environment: [String: String], executable: String?) -> String? {
        search(environment: environment, executable: executable).folder
    }

    /// ``folder(environment:executable:)`` with the folders it skipped and why (`ferry doctor`).
    ///
    /// - Parameter uid: The user the folders must be safe for (the effective uid by default).
    public static func search(environment: [String: String], executable: String?,
                              uid: UInt32 = UInt32(geteuid())) -> Search {
        if let dir = environment["FERRY_SCHEMES_DIR"], !dir.isEmpty { return Search(folder: dir) }
        var result = Search()
        for candidate in candidates(environment: environment, executable: executable) where FileSystem.isDirectory(candidate) {
            if let reason = FolderTrust.problem(with: candidate, uid: uid) {
                result.skipped.append(Skipped(path: candidate, reason: reason))
            } else {
                result.folder = candidate
                break
            }
        }
        return result
    }

    static func candidates(environment: [String: String], executable: String?) -> [String] {
        let binDirectory = executable.map { FerryPaths.parent(of: $0) }
        var found: [String] = binDirectory.map { [FerryPaths.parent(of: $0) + "/share/ferry/schemes"] } ?? []
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        found += ([dataHome] + dataDirs.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") })
            .map { $0 + "/ferry/schemes" }
        if let checkout = binDirectory.flatMap(checkout(above:)) { found.append(checkout + "/schemes") }
        #if DEBUG
        // Tests and development builds run from anywhere; a release binary carries no build path.
        found.append(buildCheckout + "/schemes")
        #endif
        return found
    }

    /// The nearest folder above `directory` holding Ferry's `Package.swift` and `schemes`.
    static func checkout(above directory: String) -> String? {
        var dir = directory
        while dir != "/" && !dir.isEmpty {
            if FileSystem.isDirectory(dir + "/schemes") && FileSystem.exists(dir + "/Package.swift") { return dir }
            dir = FerryPaths.parent(of: dir)
        }
        return nil
    }

    #if DEBUG
    /// The checkout this file was compiled in (`Sources/FerryCore/Registry/` is three levels down).
    static var buildCheckout: String {
        var dir = "\(#filePath)"
        for _ in 0..<4 { dir = FerryPaths.parent(of: dir) }
        return dir
    }
    #endif

    /// The running binary's absolute path, symbolic links resolved (`/proc/self/exe`).
    public static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
