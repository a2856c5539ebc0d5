/// Reads typed values out of one property-list dictionary, naming exact key paths in its errors.
///
/// Faults that cost only one entry (see ``dropping(_:_:)``) are collected in ``dropped`` instead of
/// thrown, so a manifest with one Xcode leftover still gives its app.
struct KeyReader {
    private let keys: [String: PropertyListValue]
    private let path: String
    private var read: Set<String> = []
    /// Entries left out, each with the key path of its fault and what was left out.
    private(set) var dropped: [ManifestIssue] = []

    init(keys: [String: PropertyListValue], path: String) {
        self.keys = keys
        self.path = path
    }

    /// The keys no accessor asked for, kept so nothing in a manifest is lost.
    func unreadKeys() -> [String: PropertyListValue] {
        keys.filter { !read.contains($0.key) }
    }

    func at(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private mutating func value(_ key: String) -> PropertyListValue? {
        read.insert(key)
        return keys[key]
    }

    static func wrongType(_ path: String, _ expected: String, _ found: PropertyListValue) -> ManifestIssue {
        ManifestIssue(code: .wrongType, keyPath: path, message: "expected \(expected), found \(found.typeName)")
    }

    /// Runs `body`; when it throws, records the fault with `consequence` (such as "the key is
    /// ignored") and returns nil, so the fault costs only what `body` reads.
    mutating func dropping<T>(
        _ consequence: String, _ body: (inout KeyReader) throws(ManifestIssue) -> T?
    ) -> T? {
        do {
            return try body(&self)
        } catch {
            dropped.append(error.consequence(consequence))
            return nil
        }
    }

    /// A string; one holding an unexpanded Xcode build setting (`$(NAME)`) is refused, naming it.
    mutating func string(_ key: String) throws(ManifestIssue) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let string) = value else { throw Self.wrongType(at(key), "a string", value) }
        try BuildSetting.check(string, at: at(key))
        return string
    }

    /// A string or an array of strings (`UTTypeConformsTo`, tag specifications allow both).
    mutating func stringOrStrings(_ key: String) throws(ManifestIssue) -> [String]? {
        if case .string? = keys[key] { return try string(key).map { [$0] } }
        return try strings(key)
    }

    /// The dictionary at `key`, read by `body` with a reader scoped to it; nil when absent.
    mutating func dictionary<T>(_ key: String, _ body: (inout KeyReader) throws(ManifestIssue) -> T) throws(ManifestIssue) -> T? {
        guard let value = value(key) else { return nil }
        guard case .dictionary(let keys) = value else { throw Self.wrongType(at(key), "a dictionary", value) }
        var inner = KeyReader(keys: keys, path: at(key))
        defer { dropped += inner.dropped }
        return try body(&inner)
    }

    mutating func bool(_ key: String) throws(ManifestIssue) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .boolean(let bool) = value else { throw Self.wrongType(at(key), "a boolean", value) }
        return bool
    }

    mutating func enumeration<T: RawRepresentable & CaseIterable>(
        _ key: String
    ) throws(ManifestIssue) -> T? where T.RawValue == String {
        guard let raw = try string(key) else { return nil }
        guard let value = T(rawValue: raw) else {
            let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw ManifestIssue(code: .invalidValue, keyPath: at(key),
                                message: "\"\(raw)\" is not one of \(allowed)")
        }
        return value
    }

    /// The array at `key`, its elements unchecked; nil when absent.
    mutating func items(_ key: String) throws(ManifestIssue) -> [PropertyListValue]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else { throw Self.wrongType(at(key), "an array", value) }
        return items
    }

    /// An array whose elements are each checked by `element`, which gets the element's own path;
    /// an element it refuses is dropped with `consequence`, the others kept.
    mutating func elements<T>(
        _ key: String, dropping consequence: String,
        _ element: (PropertyListValue, String) throws(ManifestIssue) -> T
    ) throws(ManifestIssue) -> [T]? {
        guard let items = try items(key) else { return nil }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            do {
                result.append(try element(item, "\(at(key))[\(index)]"))
            } catch {
                dropped.append(error.consequence(consequence))
            }
        }
        return result
    }

    /// An array of strings; an element that is not a string is dropped.
    mutating func strings(_ key: String) throws(ManifestIssue) -> [String]? {
        try elements(key, dropping: "the element is dropped") { (item, path) throws(ManifestIssue) in
            guard case .string(let string) = item else { throw Self.wrongType(path, "a string", item) }
            try BuildSetting.check(string, at: path)
            return string
        }
    }

    /// An array of dictionaries, each read by `body` with a reader scoped to that element. An
    /// element that is not a dictionary, or that `body` refuses, is dropped as `entry` (such as
    /// "URL type"), after the faults `body` dropped within it; a value that is not an array is
    /// ignored.
    mutating func array<T>(
        _ key: String, entry: String, _ body: (inout KeyReader) throws(ManifestIssue) -> T
    ) -> [T] {
        guard let items = dropping("the key is ignored", { (reader: inout KeyReader) throws(ManifestIssue) in
            try reader.items(key)
        }) else { return [] }
        var result: [T] = []
        for (index, item) in items.enumerated() {
            let path = "\(at(key))[\(index)]"
            do throws(ManifestIssue) {
                guard case .dictionary(let keys) = item else { throw Self.wrongType(path, "a dictionary", item) }
                var element = KeyReader(keys: keys, path: path)
                defer { dropped += element.dropped }
                result.append(try body(&element))
            } catch {
                dropped.append(error.consequence("the \(entry) is dropped"))
            }
        }
        return result
    }

    /// An array of URL schemes, each valid per RFC 3986, lowercased and without duplicates; a
    /// scheme that is not is dropped. Throws when the list is required and nothing valid is left.
    mutating func schemes(_ key: String, required: Bool) throws(ManifestIssue) -> [String] {
        guard let list = try elements(key, dropping: "the scheme is dropped", { (item, path) throws(ManifestIssue) in
            guard case .string(let scheme) = item else { throw Self.wrongType(path, "a string", item) }
            try BuildSetting.check(scheme, at: path)
            guard URLScheme.isValid(scheme) else {
                throw ManifestIssue(code: .invalidValue, keyPath: path,
                                    message: "\"\(scheme)\" is not a valid scheme \(URLScheme.rule)")
            }
            return scheme.lowercased()
        }) else {
            guard !required else {
                throw ManifestIssue(code: .missingKey, keyPath: at(key), message: "is required")
            }
            return []
        }
        if required && list.isEmpty {
            throw ManifestIssue(code: .invalidValue, keyPath: at(key), message: "lists no valid scheme")
        }
        var seen = Set<String>()
        return list.filter { seen.insert($0).inserted }
    }
}

extension KeyReader {
    mutating func bundleIdentifier() throws(ManifestIssue) -> String {
        guard let identifier = try string("CFBundleIdentifier") else {
            throw ManifestIssue(code: .missingKey, keyPath: "CFBundleIdentifier",
                                message: "is required (Xcode adds it from PRODUCT_BUNDLE_IDENTIFIER when it builds the app): "
                                    + "install the Info.plist from the built .app, or add the key")
        }
        guard BundleIdentifier.isValid(identifier) else {
            throw ManifestIssue(code: .invalidValue, keyPath: "CFBundleIdentifier",
                                message: "\"\(identifier)\" is not a reverse-DNS identifier (like com.example.todo)")
        }
        return identifier
    }

    /// How to start the app. Any fault here is thrown: an app that cannot be started safely is
    /// not an app. `CFBundleExecutable` and a relative `ProgramArguments[0]` with a `/` must stay
    /// inside the bundle (no `..`); a bare `ProgramArguments[0]` is looked up in PATH and an
    /// absolute one is taken as given, as a plugin plist names a tool installed elsewhere.
    mutating func program() throws(ManifestIssue) -> Manifest.Program? {
        let executable = try string("CFBundleExecutable")
        if let arguments = try items("ProgramArguments") {
            let strings = try arguments.enumerated().map { (index, item) throws(ManifestIssue) in
                guard case .string(let string) = item else {
                    throw Self.wrongType("ProgramArguments[\(index)]", "a string", item)
                }
                return string
            }
            guard let first = strings.first, !first.isEmpty else {
                throw ManifestIssue(code: .invalidValue, keyPath: "ProgramArguments",
                                    message: "must start with the program to run")
            }
            if first.contains("/") && !first.hasPrefix("/") {
                try Self.insideBundle(first, keyPath: "ProgramArguments[0]")
            }
            return .arguments(strings)
        }
        guard let executable else { return nil }
        guard !executable.isEmpty, !executable.hasPrefix("/") else {
            throw ManifestIssue(code: .invalidValue, keyPath: "CFBundleExecutable",
                                message: "\"\(executable)\" must be a path relative to the bundle")
        }
        try Self.insideBundle(executable, keyPath: "CFBundleExecutable")
        return .executable(executable)
    }

    /// Refuses a relative path with a `..` component: it could name a program outside the bundle.
    /// Links are resolved later, by the registry, which knows where the bundle is.
    private static func insideBundle(_ path: String, keyPath: String) throws(ManifestIssue) {
        guard !path.split(separator: "/").contains("..") else {
            throw ManifestIssue(code: .invalidValue, keyPath: keyPath,
                                message: "\"\(path)\" leaves the bundle; name a program inside it")
        }
    }
}
