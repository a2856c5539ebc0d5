/// The uniform types Ferry knows: the system's public types, then every installed app's exported
/// declarations, then their imported ones. For one identifier the first declaration wins in that
/// order (the system's, else an exported one, else an imported one; among apps, search-path
/// order), and the same order decides which type an extension or MIME type names.
public struct TypeTree: Sendable {
    private var types: [String: UniformType] = [:]
    private var byExtension: [String: String] = [:]
    private var byMIMEType: [String: String] = [:]

    /// A tree of `declarations`, the first declaration of each identifier and tag winning.
    public init(declarations: [UniformType]) {
        add(declarations)
    }

    /// The system's types and the declarations of `apps` (in precedence order).
    public init(apps: [InstalledApp]) {
        self = Self.system
        add(apps.flatMap(\.manifest.exportedTypes) + apps.flatMap(\.manifest.importedTypes))
    }

    /// The system's types alone, built once per process.
    private static let system = TypeTree(declarations: SystemTypes.declarations)

    private mutating func add(_ declarations: [UniformType]) {
        for type in declarations where types[type.identifier] == nil {
            types[type.identifier] = type
            for tag in type.extensions where byExtension[tag] == nil { byExtension[tag] = type.identifier }
            for tag in type.mimeTypes where byMIMEType[tag] == nil { byMIMEType[tag] = type.identifier }
        }
    }

    /// The declaration in force for `identifier`, if any.
    public func declaration(of identifier: String) -> UniformType? { types[identifier.lowercased()] }

    /// The type a file name extension (without the dot) names.
    public func type(forExtension fileExtension: String) -> String? { byExtension[fileExtension.lowercased()] }

    /// The type a MIME type names.
    public func type(forMIMEType mimeType: String) -> String? { byMIMEType[mimeType.lowercased()] }

    /// The most specific type of a file: its own UTI when a declaration knows it, else the type its
    /// extension names, else the one its MIME type names, else its own UTI as given.
    public func identify(_ document: DocumentKind) -> String? {
        if let uti = document.uti?.lowercased(), types[uti] != nil, uti != "public.data" { return uti }
        if let ext = document.fileExtension, let uti = byExtension[ext] { return uti }
        if let mime = document.mimeType, let uti = byMIMEType[mime], uti != "public.data" { return uti }
        return document.uti?.lowercased()
    }

    /// `identifier` and every type it conforms to, nearest first (breadth-first over
    /// `UTTypeConformsTo`), each with the path that reaches it from `identifier`. A type outside
    /// the directory tree that does not reach `public.data` gets it (and `public.item`) last, as any
    /// file's content is data.
    public func ancestry(of identifier: String) -> [TypeStep] {
        var steps = [TypeStep(identifier: identifier.lowercased(), path: [identifier.lowercased()])]
        var seen: Set<String> = [identifier.lowercased()]
        var next = 0
        while next < steps.count {
            let step = steps[next]
            next += 1
            for parent in types[step.identifier]?.conformsTo ?? [] where seen.insert(parent).inserted {
                steps.append(TypeStep(identifier: parent, path: step.path + [parent]))
            }
        }
        if !seen.contains("public.data") && !seen.contains("public.directory") {
            let root = steps[0].path
            steps.append(TypeStep(identifier: "public.data", path: root + ["public.data"]))
            if !seen.contains("public.item") { steps.append(TypeStep(identifier: "public.item", path: root + ["public.data", "public.item"])) }
        }
        return steps
    }
}

/// A type a file conforms to, and how: the chain of `UTTypeConformsTo` from the file's own type.
public struct TypeStep: Sendable, Equatable {
    /// The type reached.
    public var identifier: String
    /// The file's own type first, `identifier` last.
    public var path: [String]
    /// How many conformance steps up from the file's own type (0: the type itself).
    public var depth: Int

    /// - Parameter depth: By default, the steps of `path`.
    public init(identifier: String, path: [String], depth: Int? = nil) {
        self.identifier = identifier
        self.path = path
        self.depth = depth ?? path.count - 1
    }
}
