/// Reads typed values out of one property-list dictionary, naming exact key paths in its errors.
struct KeyReader {
    private let keys: [String: PropertyListValue]
    private let path: String
    private var read: Set<String> = []

    init(keys: [String: PropertyListValue], path: String) {
        self.keys = keys
        self.path = path
    }

    /// The keys no accessor asked for, kept so nothing in a manifest is lost.
    func unreadKeys() -> [String: PropertyListValue] {
        keys.filter { !read.contains($0.key) }
    }

    private func at(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private mutating func value(_ key: String) -> PropertyListValue? {
        read.insert(key)
        return keys[key]
    }

    private static func wrongType(_ path: String, _ expected: String, _ found: PropertyListValue) -> ManifestIssue {
        ManifestIssue(code: .wrongType, keyPath: path, message: "expected \(expected), found \(found.typeName)")
    }

    mutating func string(_ key: String) throws(ManifestIssue) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let string) = value else { throw Self.wrongType(at(key), "a string", value) }
        return string
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

    /// An array whose elements are each checked by `element`, which gets the element's own path.
    mutating func elements<T>(
        _ key: String, _ element: (PropertyListValue, String) throws(ManifestIssue) -> T
    ) throws(ManifestIssue) -> [T]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else { throw Self.wrongType(at(key), "an array", value) }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            result.append(try element(item, "\(at(key))[\(index)]"))
        }
        return result
    }

    mutating func strings(_ key: String) throws(ManifestIssue) -> [String]? {
        try elements(key) { (item, path) throws(ManifestIssue) in
            guard case .string(let string) = item else { throw Self.wrongType(path, "a string", item) }
            return string
        }
    }

    /// An array of dictionaries, each read by `body` with a reader scoped to that element.
    mutating func array<T>(
        _ key: String, _ body: (inout KeyReader) throws(ManifestIssue) -> T
    ) throws(ManifestIssue) -> [T] {
        try elements(key) { (item, path) throws(ManifestIssue) in
            guard case .dictionary(let keys) = item else { throw Self.wrongType(path, "a dictionary", item) }
            var reader = KeyReader(keys: keys, path: path)
            return try body(&reader)
        } ?? []
    }

    /// An array of URL schemes, each valid per RFC 3986, lowercased and without duplicates.
    mutating func schemes(_ key: String, required: Bool) throws(ManifestIssue) -> [String] {
        guard let list = try elements(key, { (item, path) throws(ManifestIssue) in
            guard case .string(let scheme) = item else { throw Self.wrongType(path, "a string", item) }
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
            throw ManifestIssue(code: .invalidValue, keyPath: at(key), message: "lists no scheme")
        }
        var seen = Set<String>()
        return list.filter { seen.insert($0).inserted }
    }
}

extension KeyReader {
    mutating func bundleIdentifier() throws(ManifestIssue) -> String {
        guard let identifier = try string("CFBundleIdentifier") else {
            throw ManifestIssue(code: .missingKey, keyPath: "CFBundleIdentifier", message: "is required")
        }
        guard BundleIdentifier.isValid(identifier) else {
            throw ManifestIssue(code: .invalidValue, keyPath: "CFBundleIdentifier",
                                message: "\"\(identifier)\" is not a reverse-DNS identifier (like com.example.todo)")
        }
        return identifier
    }

    mutating func program() throws(ManifestIssue) -> Manifest.Program? {
        let executable = try string("CFBundleExecutable")
        if let arguments = try strings("ProgramArguments") {
            guard let first = arguments.first, !first.isEmpty else {
                throw ManifestIssue(code: .invalidValue, keyPath: "ProgramArguments",
                                    message: "must start with the program to run")
            }
            return .arguments(arguments)
        }
        guard let executable else { return nil }
        guard !executable.isEmpty, !executable.hasPrefix("/") else {
            throw ManifestIssue(code: .invalidValue, keyPath: "CFBundleExecutable",
                                message: "\"\(executable)\" must be a path relative to the bundle")
        }
        return .executable(executable)
    }
}
