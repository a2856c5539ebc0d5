/// What is known of a file when choosing the app that opens it: a received file's offer, or a local
/// file's name and content as the shared-mime-info database reads them.
public struct DocumentKind {
    /// The uniform type identifier, such as `public.plain-text`.
    public var uti: String?
    /// The lowercased extension of the file's name, without the dot.
    public var fileExtension: String?
    /// The MIME type, lowercased.
    public var mimeType: String?
    /// Whether the first MIME type is the second or a subtype of it (shared-mime-info's
    /// `sub-class-of`, so `text/x-python` is a `text/plain`); nil matches exact types only.
    public var isA: ((String, String) -> Bool)?

    public init(uti: String?, fileExtension: String?, mimeType: String?, isA: ((String, String) -> Bool)? = nil) {
        self.uti = uti
        self.fileExtension = fileExtension.flatMap { $0.isEmpty ? nil : $0.lowercased() }
        self.mimeType = mimeType?.lowercased()
        self.isA = isA
    }

    /// Whether the file's MIME type is a strict subtype of `supertype`.
    func isSubtype(of supertype: String) -> Bool {
        guard let mimeType, mimeType != supertype, let isA else { return false }
        return isA(mimeType, supertype)
    }
}

/// How a `CFBundleDocumentTypes` entry matched a file, weakest first.
public enum DocumentMatchKind: Int, Sendable, Comparable, CaseIterable {
    /// The entry's `CFBundleTypeExtensions` holds `*`: any file.
    case anyFile = 0
    /// The entry declares a MIME type the file's type is a subtype of (`text/plain` for `text/x-python`).
    case mimeSupertype
    /// The entry declares the file's MIME type.
    case mimeType
    /// The entry declares the file's extension.
    case fileExtension
    /// The entry declares a UTI the file's type conforms to (`public.text` for `public.plain-text`).
    case conformance
    /// The entry declares the file's UTI.
    case uti

    /// How `ferry open --explain` names the rule.
    public var label: String {
        switch self {
        case .anyFile: "document type for any file"
        case .mimeSupertype, .mimeType: "document type by MIME type"
        case .fileExtension: "document type by extension"
        case .uti: "document type by UTI"
        case .conformance: "document type by UTI conformance"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// An app's best `CFBundleDocumentTypes` entry for a file.
public struct DocumentMatch: Sendable, Equatable {
    /// The app.
    public var app: InstalledApp
    /// How the entry matched.
    public var kind: DocumentMatchKind
    /// The entry's `LSHandlerRank`.
    public var rank: Manifest.HandlerRank
    /// What matched, as the manifest declares it: the UTI, the extension or the MIME type.
    public var declared: String
    /// How far the claim is from the file's own type: 0 for its UTI, extension or MIME type, the
    /// number of `UTTypeConformsTo` steps for a conformance, 1 for a MIME supertype, and
    /// ``anyFileDistance`` for `*`. Smaller is more specific, and wins.
    public var distance: Int
    /// For a match by UTI, the chain from the file's type to the claimed one.
    public var typePath: [String] = []

    /// The distance of a `*` claim: after every other.
    public static let anyFileDistance = Int.max
}
