import FerryProtocol
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The app's defaults, as `NSUserDefaults` has them: the user's domain in the container
/// (`Library/Preferences/ID.plist`) under the administrator's read-only domains
/// (`/etc/ferry/defaults/ID.plist`, then `.GlobalPreferences.plist`), which win. Restrictions such
/// as `com.apple.content-rating.AppRating` are read like any other key; nil means no information.
///
/// Reads are cached and read again when a domain's file changes on disk (`ferry defaults write`,
/// the administrator), so a value is never older than the file. Writes go to the user's domain
/// at once, atomically; ferryd does not tell the app about its own writes (`userDefaultsDidChange`
/// comes only for changes made outside it). Not `Sendable`: use it on one thread.
public final class UserDefaults {
    /// The domains this reads.
    public let locations: DefaultsLocations
    private var cached: (stamps: [FileStamp?], layers: DefaultsLayers)?

    /// - Parameter locations: The app's domains.
    public init(locations: DefaultsLocations) {
        self.locations = locations
    }

    /// The value of `key` as the app sees it, of any type; nil when no domain has it.
    public func object(forKey key: String) -> PropertyListValue? { layers()[key] }

    /// The string of `key`; nil when there is none or it is not a string.
    public func string(forKey key: String) -> String? {
        if case .string(let text)? = object(forKey: key) { return text }
        return nil
    }

    /// The integer of `key` (a real is truncated, a boolean is 1 or 0, a string is parsed); 0 when
    /// there is none, as `NSUserDefaults` answers.
    public func integer(forKey key: String) -> Int {
        switch object(forKey: key) {
        case .integer(let number)?: number
        case .real(let number)? where number.isFinite && abs(number) < 9e18: Int(number)
        case .boolean(let flag)?: flag ? 1 : 0
        case .string(let text)?: Int(text) ?? 0
        default: 0
        }
    }

    /// The real of `key` (integers, booleans and numeric strings too); 0 when there is none.
    public func double(forKey key: String) -> Double {
        switch object(forKey: key) {
        case .real(let number)?: number
        case .integer(let number)?: Double(number)
        case .boolean(let flag)?: flag ? 1 : 0
        case .string(let text)?: Double(text) ?? 0
        default: 0
        }
    }

    /// The boolean of `key` (a nonzero number, `YES`, `true` or `1` is true); false when there is none.
    public func bool(forKey key: String) -> Bool {
        switch object(forKey: key) {
        case .boolean(let flag)?: flag
        case .integer(let number)?: number != 0
        case .real(let number)?: number != 0
        case .string(let text)?: ["yes", "true", "1"].contains(text.lowercased())
        default: false
        }
    }

    /// The array of `key`; nil when there is none or it is not an array.
    public func array(forKey key: String) -> [PropertyListValue]? {
        if case .array(let elements)? = object(forKey: key) { return elements }
        return nil
    }

    /// The dictionary of `key`; nil when there is none or it is not a dictionary.
    public func dictionary(forKey key: String) -> [String: PropertyListValue]? {
        if case .dictionary(let entries)? = object(forKey: key) { return entries }
        return nil
    }

    /// The data of `key`; nil when there is none or it is not data.
    public func data(forKey key: String) -> Data? {
        if case .data(let bytes)? = object(forKey: key) { return bytes }
        return nil
    }

    /// Whether the administrator sets `key`: the app sees that value whatever it writes.
    public func objectIsForced(forKey key: String) -> Bool { layers().isForced(key) }

    /// Every key the app sees, with its value.
    public func dictionaryRepresentation() -> [String: PropertyListValue] { layers().merged }

    /// Sets `key` in the user's domain (nil removes it), written at once.
    ///
    /// - Throws: ``DefaultsError`` when the domain cannot be written, or is damaged (it is then
    ///   left as it is, not replaced).
    public func set(_ value: PropertyListValue?, forKey key: String) throws(DefaultsError) {
        try DefaultsFile.update(locations.userDomain) { $0[key] = value }
        cached = nil
    }

    /// Sets a string. - Throws: As ``set(_:forKey:)-(PropertyListValue?,_)``.
    public func set(_ value: String, forKey key: String) throws(DefaultsError) { try set(.string(value), forKey: key) }
    /// Sets an integer. - Throws: As ``set(_:forKey:)-(PropertyListValue?,_)``.
    public func set(_ value: Int, forKey key: String) throws(DefaultsError) { try set(.integer(value), forKey: key) }
    /// Sets a boolean. - Throws: As ``set(_:forKey:)-(PropertyListValue?,_)``.
    public func set(_ value: Bool, forKey key: String) throws(DefaultsError) { try set(.boolean(value), forKey: key) }
    /// Sets a real. - Throws: As ``set(_:forKey:)-(PropertyListValue?,_)``.
    public func set(_ value: Double, forKey key: String) throws(DefaultsError) { try set(.real(value), forKey: key) }
    /// Sets data. - Throws: As ``set(_:forKey:)-(PropertyListValue?,_)``.
    public func set(_ value: Data, forKey key: String) throws(DefaultsError) { try set(.data(value), forKey: key) }

    /// Removes `key` from the user's domain (an administrator's value stays).
    /// - Throws: As ``set(_:forKey:)-(PropertyListValue?,_)``.
    public func removeObject(forKey key: String) throws(DefaultsError) { try set(nil, forKey: key) }

    /// The domains as on disk now: read again only when a file's identity or time changed.
    private func layers() -> DefaultsLayers {
        let stamps = locations.lookupOrder.map(FileStamp.init(path:))
        if let cached, cached.stamps == stamps { return cached.layers }
        let layers = (try? DefaultsLayers.read(locations)) ?? DefaultsLayers()
        cached = (stamps, layers)
        return layers
    }
}

@available(*, unavailable)
extension UserDefaults: Sendable {}

extension Application {
    /// The app's defaults (see ``UserDefaults``); keep the one you get to benefit from its cache.
    public var userDefaults: UserDefaults {
        let admin = getenv("FERRY_ADMIN_DEFAULTS_DIR").map { String(cString: $0) }
        return UserDefaults(locations: DefaultsLocations(
            bundleIdentifier: bundleIdentifier, container: containerDirectory,
            adminFolder: DefaultsLocations.adminFolder(environment: admin.map { ["FERRY_ADMIN_DEFAULTS_DIR": $0] } ?? [:])))
    }
}
