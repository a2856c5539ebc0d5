import FerryProtocol
import FoundationEssentials

/// Where the sealed class keys live: `$XDG_DATA_HOME/ferry/keys/classes.json`, 0600 in a 0700 folder,
/// written atomically.
public struct ClassKeyStore: Sendable {
    /// The keys folder.
    public var folder: String
    /// The key file.
    public var file: String { folder + "/classes.json" }

    /// - Parameter dataHome: Ferry's data home (`$XDG_DATA_HOME/ferry`).
    public init(dataHome: String) {
        folder = dataHome + "/keys"
    }

    /// The key file, or nil before the first unlock created it.
    public func load() throws(ProtectionError) -> ClassKeyFile? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        do {
            return try JSONDecoder().decode(ClassKeyFile.self, from: data)
        } catch {
            throw ProtectionError(.badKeyFile, "\(file) is not a Ferry key file (\(error)); restore it from a backup")
        }
    }

    /// Writes the key file atomically, 0600.
    public func save(_ keys: ClassKeyFile) throws(ProtectionError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(keys) else { throw ProtectionError(.system, "cannot encode \(file)") }
        do {
            try FileSystem.createDirectories(folder, mode: 0o700)
            try FileSystem.writeAtomically(Array(data), to: file, mode: 0o600)
        } catch {
            throw ProtectionError(.system, "\(error)", errno: error.errno)
        }
    }
}
