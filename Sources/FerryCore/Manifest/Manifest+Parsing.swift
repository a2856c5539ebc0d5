extension Manifest {
    /// Reads a manifest from a property list's root value, checking every key Ferry interprets.
    ///
    /// Only what makes the app unusable throws: the root, `CFBundleIdentifier`, how to start it
    /// (`CFBundleExecutable`, `ProgramArguments`, `FerryAppKind`). Any other fault drops the
    /// entry at fault (a scheme, a URL or document type, an optional key) and is listed in
    /// ``droppedEntries``, like the platform does.
    ///
    /// - Parameter root: The decoded property list.
    /// - Throws: ``ManifestIssue`` naming the key path that makes the app unusable.
    init(propertyList root: PropertyListValue) throws(ManifestIssue) {
        guard case .dictionary(let keys) = root else {
            throw ManifestIssue(code: .notAPropertyList, keyPath: "",
                                message: "the root is \(root.typeName), expected a dictionary")
        }
        var reader = KeyReader(keys: keys, path: "")
        bundleIdentifier = try reader.bundleIdentifier()
        program = try reader.program()
        kind = try reader.enumeration("FerryAppKind") ?? .command
        let ignored = "the key is ignored"
        name = reader.dropping(ignored) { (r: inout KeyReader) throws(ManifestIssue) in try r.string("CFBundleName") }
        displayName = reader.dropping(ignored) { (r: inout KeyReader) throws(ManifestIssue) in try r.string("CFBundleDisplayName") }
        version = reader.dropping(ignored) { (r: inout KeyReader) throws(ManifestIssue) in try r.string("CFBundleVersion") }
        shortVersion = reader.dropping(ignored) { (r: inout KeyReader) throws(ManifestIssue) in
            try r.string("CFBundleShortVersionString")
        }
        urlTypes = reader.array("CFBundleURLTypes", entry: "URL type") { (item: inout KeyReader) throws(ManifestIssue) in
            try URLType(reader: &item)
        }
        documentTypes = reader.array("CFBundleDocumentTypes", entry: "document type") { (item: inout KeyReader) throws(ManifestIssue) in
            try DocumentType(reader: &item)
        }
        exportedTypes = reader.array("UTExportedTypeDeclarations", entry: "type declaration") { (item: inout KeyReader) throws(ManifestIssue) in
            try UniformType(reader: &item)
        }
        importedTypes = reader.array("UTImportedTypeDeclarations", entry: "type declaration") { (item: inout KeyReader) throws(ManifestIssue) in
            try UniformType(reader: &item)
        }
        queriesSchemes = reader.dropping(ignored) { (r: inout KeyReader) throws(ManifestIssue) in
            try r.schemes("LSApplicationQueriesSchemes", required: false)
        } ?? []
        exitsOnSuspend = reader.dropping(ignored) { (r: inout KeyReader) throws(ManifestIssue) in
            try r.bool("UIApplicationExitsOnSuspend")
        } ?? false
        backgroundModes = reader.dropping(ignored) { (r: inout KeyReader) throws(ManifestIssue) in
            try r.strings("UIBackgroundModes")
        } ?? []
        otherKeys = reader.unreadKeys()
        droppedEntries = reader.dropped.map { $0.located(in: "") }
    }
}

extension Manifest.URLType {
    /// A fault in the type's own keys drops the type (the caller's reader records it); a fault in
    /// one scheme drops only that scheme.
    init(reader: inout KeyReader) throws(ManifestIssue) {
        name = reader.dropping("the key is ignored") { (r: inout KeyReader) throws(ManifestIssue) in try r.string("CFBundleURLName") }
        schemes = try reader.schemes("CFBundleURLSchemes", required: true)
        role = try reader.enumeration("CFBundleTypeRole") ?? .editor
        rank = try reader.enumeration("LSHandlerRank") ?? .default
    }
}

extension Manifest.DocumentType {
    /// A fault in the type's own keys drops the type; an element of a list that is not a string
    /// drops only that element.
    init(reader: inout KeyReader) throws(ManifestIssue) {
        name = reader.dropping("the key is ignored") { (r: inout KeyReader) throws(ManifestIssue) in try r.string("CFBundleTypeName") }
        contentTypes = try reader.strings("LSItemContentTypes") ?? []
        extensions = (try reader.strings("CFBundleTypeExtensions") ?? []).map { $0.lowercased() }
        mimeTypes = (try reader.strings("CFBundleTypeMIMETypes") ?? []).map { $0.lowercased() }
        role = try reader.enumeration("CFBundleTypeRole") ?? .editor
        rank = try reader.enumeration("LSHandlerRank") ?? .default
    }
}
