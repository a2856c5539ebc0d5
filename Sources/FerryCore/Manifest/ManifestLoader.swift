import FoundationEssentials

/// Reads manifest files: XML or binary property lists.
public enum ManifestLoader {
    /// Loads and checks the manifest at `path`.
    ///
    /// - Parameters:
    ///   - path: The file to read.
    ///   - displayPath: How diagnostics name the file, such as `todo.app/Info.plist`.
    ///   - filter: When given, a file that cannot match it is not decoded (code `filteredOut`).
    /// - Returns: The manifest (entries dropped for a fault are in ``Manifest/droppedEntries``), or
    ///   the one diagnostic that explains why it cannot be used.
    public static func load(path: String, displayPath: String, filter: ManifestFilter? = nil) -> Result<Manifest, ManifestError> {
        let bytes: Data
        do {
            bytes = try FileSystem.regularFileBytes(path).map { Data($0) } ?? Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return .failure(ManifestError(code: .unreadable, file: displayPath, keyPath: "",
                                          message: "cannot be read (\(FileSystem.reason(error)))"))
        }
        if let filter, !filter.mayMatch(bytes) {
            return .failure(ManifestError(code: .filteredOut, file: displayPath, keyPath: "", message: "skipped by filter"))
        }
        return parse(bytes, displayPath: displayPath)
    }

    /// Checks a manifest already in memory; as ``load(path:displayPath:filter:)``, without the filter.
    public static func parse(_ bytes: Data, displayPath: String) -> Result<Manifest, ManifestError> {
        if let refusal = refusal(of: bytes) {
            return .failure(ManifestError(code: .notAPropertyList, file: displayPath, keyPath: "", message: refusal))
        }
        let root: PropertyListValue
        do {
            root = try XMLPropertyListReader.read(Array(bytes)) ?? PropertyListDecoder().decode(PropertyListValue.self, from: bytes)
        } catch {
            let message = Preprocessor.directive(in: bytes).map(Preprocessor.message)
                ?? "is not a valid property list (\(describe(error)))"
            return .failure(ManifestError(code: .notAPropertyList, file: displayPath, keyPath: "", message: message))
        }
        do {
            var manifest = try Manifest(propertyList: root)
            for index in manifest.droppedEntries.indices { manifest.droppedEntries[index].file = displayPath }
            return .success(manifest)
        } catch {
            var failure = error.located(in: displayPath)
            failure.claimedSchemes = Self.schemes(in: root)
            return .failure(failure)
        }
    }

    /// The schemes a manifest that cannot be used names in `CFBundleURLTypes`, lowercased, so
    /// `ferry open` and `ferry schemes` can say that a skipped manifest claims one.
    static func schemes(in root: PropertyListValue) -> [String] {
        guard case .dictionary(let keys) = root, case .array(let types)? = keys["CFBundleURLTypes"] else { return [] }
        return types.flatMap { type -> [String] in
            guard case .dictionary(let entry) = type, case .array(let schemes)? = entry["CFBundleURLSchemes"] else { return [] }
            return schemes.compactMap { if case .string(let scheme) = $0, URLScheme.isValid(scheme) { scheme.lowercased() } else { nil } }
        }
    }

    /// The largest manifest read: real ones are a few kilobytes.
    public static let maximumSize = 16 << 20

    /// Why `bytes` must not reach the decoder: too large, or nested deeply enough to overflow its stack.
    private static func refusal(of bytes: Data) -> String? {
        guard bytes.count <= maximumSize else {
            return "is \(bytes.count) bytes; a manifest may be \(maximumSize >> 20) MiB at most"
        }
        guard let depth = bytes.withUnsafeBytes({ PropertyListDepth.measure($0) }) else {
            return "is not a valid property list (its binary object table is corrupt)"
        }
        guard depth != PropertyListDepth.cyclic else { return "is not a valid property list (an object contains itself)" }
        guard depth != PropertyListDepth.expansive else {
            return "shares objects so much that it would expand to over \(PropertyListDepth.valueLimit) values; rewrite it without shared objects"
        }
        guard depth <= PropertyListDepth.limit else {
            return "nests \(depth) levels deep; at most \(PropertyListDepth.limit) are allowed"
        }
        return nil
    }

    private static func describe(_ error: any Error) -> String {
        guard case DecodingError.dataCorrupted(let context) = error else {
            return "\(error)".split(separator: "\n").first.map(String.init) ?? "unreadable"
        }
        if let underlying = context.underlyingError as? CocoaError,
           let detail = underlying.userInfo["NSDebugDescription"] as? String {
            return detail.trimmingTrailingPeriod()
        }
        return context.debugDescription.trimmingTrailingPeriod()
    }
}

extension String {
    func trimmingTrailingPeriod() -> String {
        var result = self
        while result.hasSuffix(".") { result.removeLast() }
        return result
    }
}
