extension Manifest {
    /// Reads a manifest from a property list's root value, checking every key Ferry interprets.
    ///
    /// - Parameter root: The decoded property list.
    /// - Throws: ``ManifestIssue`` naming the first key path at fault.
    init(propertyList root: PropertyListValue) throws(ManifestIssue) {
        guard case .dictionary(let keys) = root else {
            throw ManifestIssue(code: .notAPropertyList, keyPath: "",
                                message: "the root is \(root.typeName), expected a dictionary")
        }
        var reader = KeyReader(keys: keys, path: "")
        bundleIdentifier = try reader.bundleIdentifier()
        name = try reader.string("CFBundleName")
        displayName = try reader.string("CFBundleDisplayName")
        version = try reader.string("CFBundleVersion")
        shortVersion = try reader.string("CFBundleShortVersionString")
        urlTypes = try reader.array("CFBundleURLTypes") { (item: inout KeyReader) throws(ManifestIssue) in
            try URLType(reader: &item)
        }
        documentTypes = try reader.array("CFBundleDocumentTypes") { (item: inout KeyReader) throws(ManifestIssue) in
            try DocumentType(reader: &item)
        }
        queriesSchemes = try reader.schemes("LSApplicationQueriesSchemes", required: false)
        exitsOnSuspend = try reader.bool("UIApplicationExitsOnSuspend") ?? false
        backgroundModes = try reader.strings("UIBackgroundModes") ?? []
        program = try reader.program()
        kind = try reader.enumeration("FerryAppKind") ?? .command
        otherKeys = reader.unreadKeys()
    }
}

extension Manifest.URLType {
    init(reader: inout KeyReader) throws(ManifestIssue) {
        name = try reader.string("CFBundleURLName")
        schemes = try reader.schemes("CFBundleURLSchemes", required: true)
        role = try reader.enumeration("CFBundleTypeRole") ?? .editor
        rank = try reader.enumeration("LSHandlerRank") ?? .default
    }
}

extension Manifest.DocumentType {
    init(reader: inout KeyReader) throws(ManifestIssue) {
        name = try reader.string("CFBundleTypeName")
        contentTypes = try reader.strings("LSItemContentTypes") ?? []
        extensions = (try reader.strings("CFBundleTypeExtensions") ?? []).map { $0.lowercased() }
        mimeTypes = (try reader.strings("CFBundleTypeMIMETypes") ?? []).map { $0.lowercased() }
        role = try reader.enumeration("CFBundleTypeRole") ?? .editor
        rank = try reader.enumeration("LSHandlerRank") ?? .default
    }
}
