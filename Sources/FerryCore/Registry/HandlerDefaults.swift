import FoundationEssentials

/// The user's choice of handler per scheme (`ferry default`), kept as JSON under XDG config home.
public struct HandlerDefaults: Sendable, Equatable {
    /// Scheme (lowercased) to bundle identifier.
    public private(set) var choices: [String: String]

    public init(choices: [String: String] = [:]) {
        self.choices = Dictionary(uniqueKeysWithValues: choices.map { ($0.key.lowercased(), $0.value) })
    }

    /// The chosen handler for `scheme`.
    public func handler(for scheme: String) -> String? { choices[scheme.lowercased()] }

    /// Records `bundleIdentifier` as the handler for `scheme`, or forgets the choice when nil.
    public mutating func set(_ bundleIdentifier: String?, for scheme: String) {
        choices[scheme.lowercased()] = bundleIdentifier
    }

    /// Reads the file; a missing file means no choices.
    ///
    /// - Throws: ``HandlerDefaultsError`` when the file exists but is unreadable or malformed.
    public static func load(from path: String) throws(HandlerDefaultsError) -> HandlerDefaults {
        guard FileSystem.exists(path) else { return HandlerDefaults() }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return HandlerDefaults(choices: try JSONDecoder().decode([String: String].self, from: data))
        } catch {
            throw HandlerDefaultsError(path: path, reason: "is not a JSON object of scheme to bundle identifier")
        }
    }

    /// Writes the file atomically (0600), creating its folder.
    public func save(to path: String) throws(FileSystemError) {
        try FileSystem.createDirectories(FerryPaths.parent(of: path))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = (try? encoder.encode(choices)) ?? Data("{}".utf8)
        try FileSystem.writeAtomically(Array(data) + [0x0A], to: path)
    }
}

/// The user's handler choices could not be read.
public struct HandlerDefaultsError: Error, Sendable, CustomStringConvertible {
    /// The defaults file.
    public var path: String
    /// What is wrong with it.
    public var reason: String

    public var description: String { "\(path): \(reason); fix or remove it, then run ferry default again" }
}
