/// An app's declaration of what it is and what it opens, read from an Info.plist-style manifest.
///
/// Keys keep Apple's names and meaning; see `docs/manifest.md`. Unknown keys are kept in
/// ``otherKeys`` and otherwise ignored.
public struct Manifest: Sendable, Equatable {
    /// `CFBundleIdentifier`: the app's reverse-DNS identity.
    public var bundleIdentifier: String
    /// `CFBundleName`.
    public var name: String?
    /// `CFBundleDisplayName`.
    public var displayName: String?
    /// `CFBundleVersion`.
    public var version: String?
    /// `CFBundleShortVersionString`.
    public var shortVersion: String?
    /// `CFBundleURLTypes`: the URL schemes the app opens.
    public var urlTypes: [URLType]
    /// `CFBundleDocumentTypes`: the kinds of file the app opens.
    public var documentTypes: [DocumentType]
    /// `LSApplicationQueriesSchemes`: schemes the app may ask `can-open` about.
    public var queriesSchemes: [String]
    /// `UIApplicationExitsOnSuspend`.
    public var exitsOnSuspend: Bool
    /// `UIBackgroundModes`.
    public var backgroundModes: [String]
    /// How to start the app: `ProgramArguments` or `CFBundleExecutable`.
    public var program: Program?
    /// `FerryAppKind`: one process per URL, or a long-running app managed by ferryd.
    public var kind: Kind = .command
    /// `UTExportedTypeDeclarations`: the uniform types this app defines.
    public var exportedTypes: [UniformType] = []
    /// `UTImportedTypeDeclarations`: types defined elsewhere that this app describes, used when
    /// nothing exports them.
    public var importedTypes: [UniformType] = []
    /// Every key Ferry does not interpret, kept as read.
    public var otherKeys: [String: PropertyListValue]
    /// The entries left out because they were faulty (a scheme, a URL or document type, an
    /// optional key), one diagnostic each; the rest of the app is used.
    public var droppedEntries: [ManifestError] = []

    /// The name people see: display name, then name, then the bundle identifier.
    public var visibleName: String { displayName ?? name ?? bundleIdentifier }
}

extension Manifest {
    /// One entry of `CFBundleURLTypes`.
    public struct URLType: Sendable, Equatable {
        /// `CFBundleURLName`.
        public var name: String?
        /// `CFBundleURLSchemes`, lowercased (schemes are case-insensitive).
        public var schemes: [String]
        /// `CFBundleTypeRole`.
        public var role: Role
        /// `LSHandlerRank`.
        public var rank: HandlerRank
    }

    /// One entry of `CFBundleDocumentTypes`.
    public struct DocumentType: Sendable, Equatable {
        /// `CFBundleTypeName`.
        public var name: String?
        /// `LSItemContentTypes` (UTIs). When present, the type matches by UTI alone: its
        /// extensions and MIME types are ignored, as on Apple's platforms.
        public var contentTypes: [String]
        /// `CFBundleTypeExtensions`, lowercased, without the dot.
        public var extensions: [String]
        /// `CFBundleTypeMIMETypes`, lowercased.
        public var mimeTypes: [String]
        /// `CFBundleTypeRole`.
        public var role: Role
        /// `LSHandlerRank`.
        public var rank: HandlerRank
    }

    /// How the app's process is started.
    public enum Program: Sendable, Equatable {
        /// `CFBundleExecutable`: a path relative to the bundle; the URL is the one argument.
        case executable(String)
        /// `ProgramArguments`: argv as given; `%u` is replaced by the URL, else it is appended.
        case arguments([String])
    }

    /// `FerryAppKind`.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// One process per URL, started with the URL as an argument (the default).
        case command
        /// A long-running process that connects to ferryd and receives lifecycle events.
        case managed
    }

    /// `CFBundleTypeRole`.
    public enum Role: String, Sendable, Equatable, CaseIterable {
        case editor = "Editor", viewer = "Viewer", shell = "Shell", none = "None"
    }

    /// `LSHandlerRank`, ordered so that a greater rank wins.
    public enum HandlerRank: String, Sendable, Equatable, Comparable, CaseIterable {
        case none = "None", alternate = "Alternate", `default` = "Default", owner = "Owner"

        private var order: Int {
            switch self {
            case .none: 0
            case .alternate: 1
            case .default: 2
            case .owner: 3
            }
        }

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.order < rhs.order }
    }
}
