import FoundationEssentials

/// Which desktop notifications ferryd shows: a file `ferry notifications` writes and ferryd reads
/// before each notification, so a change needs no new protocol frame and no restart.
public struct NotificationSettings: Codable, Sendable, Equatable {
    /// The kinds of notification, each with a switch of its own.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// An offer waiting for Accept or Decline.
        case offers
        /// A pair request with its code.
        case pairing
        /// A file that reached an Inbox, with Open and Show in folder.
        case delivered
        /// The launch image while a URL cold-launches an app.
        case launch
    }

    /// The master switch; on by default (ferryd stays quiet anyway when no service answers).
    public var enabled = true
    /// The kinds switched off.
    public var off: Set<Kind> = []

    public init(enabled: Bool = true, off: Set<Kind> = []) {
        self.enabled = enabled
        self.off = off
    }

    /// Whether notifications of `kind` are shown.
    public func shows(_ kind: Kind) -> Bool { enabled && !off.contains(kind) }

    /// `<config>/notifications.json`.
    public static func file(configHome: String) -> String { configHome + "/notifications.json" }

    /// The settings in `configHome`; the defaults when there is no file or it cannot be read
    /// (a damaged file must not silence ferryd for ever, nor stop it).
    public static func load(configHome: String) -> NotificationSettings {
        guard let data = FileManager.default.contents(atPath: file(configHome: configHome)),
              let settings = try? JSONDecoder().decode(NotificationSettings.self, from: data) else { return .init() }
        return settings
    }

    /// Writes the settings to `configHome` atomically.
    public func save(configHome: String) throws {
        try FileManager.default.createDirectory(atPath: configHome, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try FileSystem.writeAtomically(Array(try encoder.encode(self)), to: Self.file(configHome: configHome), mode: 0o644)
    }
}
