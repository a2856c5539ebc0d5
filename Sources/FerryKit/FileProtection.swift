import FerryProtection
import FerryProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Files with a protection class, as `Data.write(options: .completeFileProtection)` and
/// `FileAttributeKey.protectionKey` do on iOS. On Linux (fscrypt) a class belongs to a folder and
/// every file created inside it has that class, so a file is written with a class into a folder of
/// that class (``makeFolder(_:class:dataHome:)`` makes one).
public enum FileProtection {
    public typealias Class = ProtectionClass

    /// The class of the file or folder at `path`: `.enforced(class)`, or `.unenforced` where the
    /// filesystem has no fscrypt (then nothing is protected, whatever was asked for).
    ///
    /// - Parameter dataHome: Ferry's data home (`$XDG_DATA_HOME/ferry`), where this user's class
    ///   key identifiers are; by default from the environment.
    public static func reading(of path: String, dataHome: String? = nil) throws(ProtectionError) -> ProtectionReading {
        try FolderProtection.reading(at: path, identifiers: identifiers(dataHome))
    }

    /// Makes the folder `path` (if missing; an existing one must be empty) of class `protection`.
    public static func makeFolder(_ path: String, class protection: Class, dataHome: String? = nil) throws(ProtectionError) -> ProtectionReading {
        if mkdir(path, 0o700) != 0, errno != EEXIST { throw .system("create", path, errno) }
        return try FolderProtection.set(protection, on: path, identifiers: identifiers(dataHome))
    }

    /// Writes `bytes` to `path` (atomically, 0600) with class `protection`.
    ///
    /// - Throws: ``ProtectionError`` `.classMismatch` naming the folder when it has another class
    ///   (nothing is written), or the write's failure.
    public static func write(_ bytes: [UInt8], to path: String, class protection: Class, dataHome: String? = nil) throws(ProtectionError) {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }.flatMap { $0.isEmpty ? "/" : $0 } ?? "."
        let reading = try reading(of: folder, dataHome: dataHome)
        switch reading {
        case .enforced(protection), .unenforced: break
        default:
            throw ProtectionError(.classMismatch, "\(folder) is \(reading), not \(protection.rawValue): write the file into a folder of that class (FileProtection.makeFolder)")
        }
        do { try FileSystem.writeAtomically(bytes, to: path) } catch { throw ProtectionError(.system, "cannot write \(path): \(error)") }
    }

    static func identifiers(_ dataHome: String?) throws(ProtectionError) -> [Class: KeyIdentifier] {
        try DataProtection(dataHome: dataHome ?? defaultDataHome()).identifiers()
    }

    static func defaultDataHome() -> String {
        var environment: [String: String] = [:]
        for name in ["XDG_DATA_HOME", "HOME"] { environment[name] = getenv(name).map { String(cString: $0) } }
        return DataHome.path(environment: environment)
    }
}
