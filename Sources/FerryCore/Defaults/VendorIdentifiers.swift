import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's `identifierForVendor` values: one random UUID per vendor, the same for every app of
/// that vendor, made when an app of the vendor first asks and forgotten when the last one is
/// uninstalled, so that installing again gives a new one (as iOS does).
///
/// Kept in `$XDG_DATA_HOME/ferry/vendors.plist` (vendor → UUID) beside the containers, not in
/// the state folder: XDG's state folder is for what may be lost, and apps key accounts on this
/// value. Read-modify-write runs under `flock` on `vendors.plist.lock`, because ferryd (making
/// and forgetting) and `ferry uninstall` (forgetting) both change it; the file is replaced
/// atomically. It never leaves the machine: only the welcome frame on ferryd's socket carries it.
public struct VendorIdentifiers: Sendable {
    /// The manifest key that names an app's vendor explicitly.
    public static let manifestKey = "FerryVendorIdentifier"

    /// The store.
    public let file: String

    public init(file: String) { self.file = file }

    /// The store of the user whose data home `paths` names.
    public init(paths: FerryPaths) { self.init(file: paths.dataHome + "/vendors.plist") }

    /// The app's vendor: `FerryVendorIdentifier` when it is a non-empty string, else the bundle
    /// identifier without its last component (`com.acme.notes` → `com.acme`); an identifier of
    /// one component is its own vendor.
    public static func vendor(of manifest: Manifest) -> String {
        if case .string(let explicit)? = manifest.otherKeys[manifestKey],
           !explicit.allSatisfy(\.isWhitespace) {
            return explicit
        }
        let identifier = manifest.bundleIdentifier
        guard let dot = identifier.lastIndex(of: "."), dot != identifier.startIndex else { return identifier }
        return String(identifier[..<dot])
    }

    /// The identifier of `vendor`, made and saved the first time.
    ///
    /// - Throws: ``DefaultsError`` when the store cannot be read or written.
    public func identifier(forVendor vendor: String) throws(DefaultsError) -> String {
        try locked { () throws(DefaultsError) -> String in
            try DefaultsFile.update(file) { entries -> String in
                if case .string(let known)? = entries[vendor] { return known }
                let made = UUID().uuidString
                entries[vendor] = .string(made)
                return made
            }
        }
    }

    /// The identifier of `vendor` if one was made; nothing is written.
    public func existingIdentifier(forVendor vendor: String) -> String? {
        guard case .string(let known)? = ((try? DefaultsFile.read(file)) ?? nil)?[vendor] else { return nil }
        return known
    }

    /// Forgets every vendor none of `installed` belongs to.
    ///
    /// - Returns: The vendors forgotten, sorted.
    /// - Throws: ``DefaultsError`` when the store cannot be read or written.
    @discardableResult
    public func forget(allBut installed: [Manifest]) throws(DefaultsError) -> [String] {
        let keep = Set(installed.map(Self.vendor(of:)))
        guard let known = try DefaultsFile.read(file), known.keys.contains(where: { !keep.contains($0) }) else { return [] }
        return try locked { () throws(DefaultsError) -> [String] in
            try DefaultsFile.update(file) { entries -> [String] in
                let gone = entries.keys.filter { !keep.contains($0) }.sorted()
                for vendor in gone { entries[vendor] = nil }
                return gone
            }
        }
    }

    /// Forgets `vendor` unless one of `installed` belongs to it: `ferry uninstall`, once the app
    /// is gone, so that this works while ferryd does not run too.
    ///
    /// - Returns: Whether it was forgotten.
    /// - Throws: ``DefaultsError`` when the store cannot be read or written.
    @discardableResult
    public func forget(_ vendor: String, unlessAnyOf installed: [Manifest]) throws(DefaultsError) -> Bool {
        guard !installed.contains(where: { Self.vendor(of: $0) == vendor }), existingIdentifier(forVendor: vendor) != nil else { return false }
        return try locked { () throws(DefaultsError) -> Bool in
            try DefaultsFile.update(file) { $0.removeValue(forKey: vendor) != nil }
        }
    }

    /// Runs `body` holding the store's lock (blocking while another process holds it).
    private func locked<T>(_ body: () throws(DefaultsError) -> T) throws(DefaultsError) -> T {
        let lock = file + ".lock"
        do { try FileSystem.createDirectories(FileSystem.parent(of: file), mode: 0o700) } catch {
            throw DefaultsError(.cannotWrite, path: file, "\(file) cannot be written: \(error)")
        }
        let fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw DefaultsError(.cannotWrite, path: lock, "\(lock) cannot be opened (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        return try body()
    }
}
