#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the built-in declarations of the reserved schemes (http, https, mailto…) are: one
/// answer for `ferry` and `ferryd`, so a binary copied into `PREFIX/bin` still finds them.
public enum BuiltInSchemes {
    /// The first folder that exists of: `FERRY_SCHEMES_DIR`; `share/ferry/schemes` beside the
    /// binary's prefix; `ferry/schemes` in `$XDG_DATA_HOME` and each `$XDG_DATA_DIRS` entry; the
    /// `schemes` folder of a source checkout above the binary; that of the checkout it was built in.
    ///
    /// - Parameters:
    ///   - environment: The process environment.
    ///   - executable: The running binary's resolved path (``runningExecutable()``).
    public static func folder(environment: [String: String], executable: String?) -> String? {
        if let dir = environment["FERRY_SCHEMES_DIR"], !dir.isEmpty { return dir }
        return candidates(environment: environment, executable: executable).first(where: FileSystem.isDirectory)
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
        found.append(buildCheckout + "/schemes")
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

    /// The checkout this file was compiled in (`Sources/FerryCore/Registry/` is three levels down).
    static var buildCheckout: String {
        var dir = "\(#filePath)"
        for _ in 0..<4 { dir = FerryPaths.parent(of: dir) }
        return dir
    }

    /// The running binary's absolute path, symbolic links resolved (`/proc/self/exe`).
    public static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
