/// One uniform type declaration (`UTExportedTypeDeclarations` / `UTImportedTypeDeclarations`, or
/// one of the system's public types): its identifier, the types it conforms to and its tags.
///
/// Identifiers, extensions and MIME types are kept lowercased: all three are case-insensitive.
public struct UniformType: Sendable, Equatable {
    /// `UTTypeIdentifier`, such as `org.openzim.zim`.
    public var identifier: String
    /// `UTTypeConformsTo`: the parents, such as `public.data`.
    public var conformsTo: [String]
    /// `UTTypeTagSpecification` `public.filename-extension`, without the dot.
    public var extensions: [String]
    /// `UTTypeTagSpecification` `public.mime-type`.
    public var mimeTypes: [String]

    /// - Parameters:
    ///   - identifier: The type's identifier.
    ///   - conformsTo: Its parents.
    ///   - extensions: The file name extensions it is known by.
    ///   - mimeTypes: The MIME types it is known by.
    public init(_ identifier: String, conformsTo: [String], extensions: [String] = [], mimeTypes: [String] = []) {
        self.identifier = identifier.lowercased()
        self.conformsTo = conformsTo.map { $0.lowercased() }
        self.extensions = extensions.map { $0.lowercased() }
        self.mimeTypes = mimeTypes.map { $0.lowercased() }
    }
}

extension UniformType {
    /// Reads one declaration; a fault in `UTTypeIdentifier` drops it, a fault in another key drops
    /// that key.
    init(reader: inout KeyReader) throws(ManifestIssue) {
        guard let identifier = try reader.string("UTTypeIdentifier") else {
            throw ManifestIssue(code: .missingKey, keyPath: reader.at("UTTypeIdentifier"), message: "is required")
        }
        let ignored = "the key is ignored"
        let parents = reader.dropping(ignored) { (r: inout KeyReader) throws(ManifestIssue) in try r.stringOrStrings("UTTypeConformsTo") }
        let tags = reader.dropping(ignored) { (r: inout KeyReader) throws(ManifestIssue) in
            try r.dictionary("UTTypeTagSpecification") { (tags: inout KeyReader) throws(ManifestIssue) in
                (try tags.stringOrStrings("public.filename-extension") ?? [], try tags.stringOrStrings("public.mime-type") ?? [])
            }
        }
        self.init(identifier, conformsTo: parents ?? [], extensions: tags?.0 ?? [], mimeTypes: tags?.1 ?? [])
        self.extensions = extensions.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 }
    }
}
