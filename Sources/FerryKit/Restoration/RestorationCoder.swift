import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// One object's keyed state: `Codable` values by key, stored as JSON, and references to other
/// restorable objects by their restoration path. Each object gets a coder of its own, so keys
/// never collide between objects.
public final class RestorationCoder {
    /// The reserved key holding the saving app's `CFBundleVersion` (app-level coder only).
    public static let bundleVersionKey = "ferry.bundleVersion"
    /// The reserved key holding the interface idiom the state was saved under (app-level coder only).
    public static let interfaceIdiomKey = "ferry.interfaceIdiom"
    /// Where an app writes its own version in `willEncodeRestorableState`; ferryd and
    /// `ferry state` show it, and `shouldRestoreApplicationState` can compare it.
    public static let appVersionKey = "ferry.appVersion"

    /// The encoded values, by key.
    var values: [String: ArraySlice<UInt8>]
    /// At encoding: the paths of the objects in the tree, so references can be written.
    let paths: [ObjectIdentifier: RestorationPath]
    /// At decoding: the objects restored so far, by path.
    var restored: [String: any RestorableObject] = [:]
    /// Whether every value so far could be encoded.
    public private(set) var failures: [String] = []

    init(values: [String: ArraySlice<UInt8>] = [:], paths: [ObjectIdentifier: RestorationPath] = [:]) {
        self.values = values
        self.paths = paths
    }

    /// Makes an empty coder, for tests and for a delegate's own use.
    public convenience init() { self.init(values: [:]) }

    /// The keys with a value, sorted.
    public var allKeys: [String] { values.keys.sorted() }

    /// Whether `key` has a value.
    public func containsValue(forKey key: String) -> Bool { values[key] != nil }

    /// Stores `value` under `key`, replacing what was there. A value that cannot be encoded is
    /// left out and its key listed in ``failures``.
    public func encode<Value: Encodable>(_ value: Value, forKey key: String) {
        do {
            values[key] = ArraySlice(try JSONEncoder().encode(value))
        } catch {
            failures.append(key)
        }
    }

    /// The value under `key`; nil when there is none or it is not a `Value`.
    public func decode<Value: Decodable>(_ type: Value.Type, forKey key: String) -> Value? {
        guard let bytes = values[key] else { return nil }
        // Strings and integers, the bulk of most state, without a JSONDecoder round.
        if Value.self == String.self, let string = Self.plainString(bytes) { return string as? Value }
        if Value.self == Int.self, let number = Self.plainInt(bytes) { return number as? Value }
        return try? JSONDecoder().decode(type, from: Data(bytes))
    }

    /// A JSON string without escapes, as a String; nil for anything else.
    private static func plainString(_ json: ArraySlice<UInt8>) -> String? {
        guard json.count >= 2, json.first == UInt8(ascii: "\""), json.last == UInt8(ascii: "\"") else { return nil }
        // memchr, not a Swift loop over the bytes: a restored string can be megabytes long.
        return json[(json.startIndex + 1)..<(json.endIndex - 1)].withUnsafeBufferPointer { inner -> String? in
            guard let base = inner.baseAddress else { return "" }
            guard memchr(base, Int32(UInt8(ascii: "\\")), inner.count) == nil,
                  memchr(base, Int32(UInt8(ascii: "\"")), inner.count) == nil else { return nil }
            return String(utf8Bytes: inner)
        }
    }

    /// A JSON integer of at most 18 digits; nil for anything else.
    private static func plainInt(_ json: ArraySlice<UInt8>) -> Int? {
        let negative = json.first == UInt8(ascii: "-")
        let digits = json.dropFirst(negative ? 1 : 0)
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let magnitude = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return negative ? -magnitude : magnitude
    }

    /// Stores a reference to `object`, which must be in the tree being saved; one that is not
    /// (it has no identifier, or sits under an object without one) is left out.
    public func encodeReference(_ object: any RestorableObject, forKey key: String) {
        guard let path = paths[ObjectIdentifier(object)] else {
            failures.append(key)
            return
        }
        encode(path.description, forKey: key)
    }

    /// The restored object a reference under `key` points to; nil when it was not restored.
    public func decodeReference(forKey key: String) -> (any RestorableObject)? {
        decode(String.self, forKey: key).flatMap { restored[$0] }
    }

    /// The reserved `CFBundleVersion` of the app that saved the state.
    public var bundleVersion: String? { decode(String.self, forKey: Self.bundleVersionKey) }
    /// The reserved interface idiom the state was saved under.
    public var interfaceIdiom: String? { decode(String.self, forKey: Self.interfaceIdiomKey) }
    /// The app's own version, as it wrote it under ``appVersionKey``.
    public var appVersion: String? { decode(String.self, forKey: Self.appVersionKey) }
}

@available(*, unavailable)
extension RestorationCoder: Sendable {}
