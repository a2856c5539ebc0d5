import FerryCore

extension Explanation {
    /// A URL as before, or a file: the app its type goes to and by which rule.
    static func make(argument: String, app forced: String?, registry: Registry, defaults: HandlerDefaults) throws -> Explanation {
        guard case .path(let path) = OpenArgument.classify(argument) else {
            return try Explanation(argument, app: forced, registry: registry, defaults: defaults)
        }
        let document = try LocalDocument(path, workingFolder: LocalDocument.workingFolder())
        return Explanation(document, argument: argument, app: forced, registry: registry, defaults: defaults)
    }

    private init(_ document: LocalDocument, argument: String, app forced: String?, registry: Registry, defaults: HandlerDefaults) {
        let resolution = registry.resolve(document: document.kind, defaults: defaults)
        let chosen = forced.flatMap(registry.app) ?? (forced == nil ? resolution.handler : nil)
        url = document.url
        scheme = "file"
        handler = forced ?? chosen?.bundleIdentifier
        rule = forced == nil ? resolution.rule?.label : "--app"
        manifest = chosen?.manifestPath
        source = chosen?.source
        claims = []
        self.path = argument
        mimeType = document.kind.mimeType
        utiChain = resolution.typeChain.isEmpty ? nil : resolution.typeChain
        reason = forced.map { registry.app($0) == nil ? "\($0) is not installed" : "forced with --app" }
            ?? Self.reason(resolution, document.kind, argument)
    }

    private static func reason(_ resolution: DocumentResolution, _ kind: DocumentKind, _ argument: String) -> String {
        let type = kind.mimeType ?? "an unknown type"
        guard let handler = resolution.handler?.bundleIdentifier, let rule = resolution.rule else {
            return OpenTargetResolver.unclaimed(argument, kind.mimeType).message
                + (resolution.unusableDefault.map { "; your choice was skipped: \($0)" } ?? "")
        }
        switch rule {
        case .userDefault(let chosenFor) where chosenFor == kind.mimeType:
            return "you chose \(handler) with ferry default \(chosenFor) \(handler)"
        case .userDefault(let chosenFor):
            return "you chose \(handler) for \(chosenFor) with ferry default \(chosenFor) \(handler), and \(type) is a \(chosenFor)"
        case .documentType(let match, let declared):
            let how = switch match {
            case .uti: "the UTI \(declared)"
            case .conformance: "the UTI \(declared), which the file's type conforms to"
            case .anyFile: "any file (CFBundleTypeExtensions *)"
            case .fileExtension: "the extension .\(declared)"
            case .mimeType: "the MIME type \(declared)"
            case .mimeSupertype: "the MIME type \(declared) (\(type) is a subtype of it)"
            }
            return "\(handler) declares \(how) in CFBundleDocumentTypes: the most specific claim, then the best LSHandlerRank"
                + (resolution.unusableDefault.map { "; your choice was skipped: \($0)" } ?? "")
        }
    }
}

extension DocumentResolution.Rule {
    /// How `--explain` and `--json` name the rule.
    var label: String {
        switch self {
        case .userDefault: "user default"
        case .documentType(let kind, _): kind.label
        }
    }
}
