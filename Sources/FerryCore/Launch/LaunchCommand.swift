/// The exact argv and environment a handler is started with.
public struct LaunchCommand: Sendable, Equatable {
    /// The program's resolved path.
    public var executable: String
    /// The arguments, `argv[0]` first; the URL is one element, never split or interpreted.
    public var arguments: [String]
    /// The complete environment.
    public var environment: [String: String]
    /// The app's `Documents` folder, created before launch; the working directory stays the caller's.
    /// Empty for a desktop entry, which gets neither a container nor Ferry's variables.
    public var documents: String

    /// Builds the command that opens `url` with `app`.
    ///
    /// `CFBundleExecutable` runs as `[program, URL]`. `ProgramArguments` runs as given with every
    /// `%u` replaced by the URL, or with the URL appended when no argument has `%u`.
    ///
    /// - Parameters:
    ///   - app: The handler.
    ///   - url: The URL to hand over; nil for a managed app, which gets it as an event.
    ///   - sourceApplication: The bundle identifier of the app that asked, if any.
    ///   - paths: Where containers live.
    ///   - environment: The environment to start from; `PATH` is used to find programs.
    /// - Throws: ``LaunchError`` when the app declares no program or it cannot be found.
    public init(
        app: InstalledApp, url: String?, sourceApplication: String?,
        paths: FerryPaths, environment: [String: String]
    ) throws(LaunchError) {
        guard let program = app.manifest.program else {
            throw LaunchError(bundleIdentifier: app.bundleIdentifier,
                              reason: "\(app.manifestPath) declares neither CFBundleExecutable nor ProgramArguments")
        }
        switch program {
        case .executable(let relative):
            arguments = [app.baseDirectory + "/" + relative] + (url.map { [$0] } ?? [])
        case .arguments(let given):
            let takesURL = given.contains { $0.replacingPlaceholder(with: "\u{0}").contains("\u{0}") }
            arguments = takesURL || url == nil ? given.map { $0.replacingPlaceholder(with: url ?? "") }
                                               : given + [url ?? ""]
        }
        executable = try Self.locate(arguments[0], app: app, path: environment["PATH"])
        guard !app.isDesktopEntry else {
            // A desktop app is not a Ferry app: no container, no FERRY_ variables.
            documents = ""
            self.environment = environment
            return
        }
        let container = paths.container(for: app.bundleIdentifier)
        documents = container + "/Documents"
        var environment = environment
        environment["FERRY_BUNDLE_ID"] = app.bundleIdentifier
        environment["FERRY_CONTAINER"] = container
        environment["FERRY_DOCUMENTS"] = documents
        environment["FERRY_SOURCE_APPLICATION"] = sourceApplication
        self.environment = environment
    }

    private static func locate(_ program: String, app: InstalledApp, path: String?) throws(LaunchError) -> String {
        let candidates: [String]
        if program.hasPrefix("/") {
            candidates = [program]
        } else if program.contains("/") {
            candidates = [app.baseDirectory + "/" + program]
        } else {
            candidates = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map { "\($0)/\(program)" }
        }
        if let found = candidates.first(where: FileSystem.isExecutable) { return found }
        let place = candidates.count == 1 ? candidates[0] : "\(program) (not found in PATH)"
        let reason = candidates.count == 1 && FileSystem.exists(candidates[0])
            ? "\(place) is not an executable file; chmod +x it"
            : "\(place) does not exist; reinstall the app or install the program"
        throw LaunchError(bundleIdentifier: app.bundleIdentifier, reason: reason)
    }
}

extension String {
    /// Replaces each `%u` with `url`; `%%` stays a literal `%`.
    func replacingPlaceholder(with url: String) -> String {
        guard contains("%") else { return self }
        var output = ""
        var iterator = makeIterator()
        while let character = iterator.next() {
            guard character == "%" else { output.append(character); continue }
            switch iterator.next() {
            case "u": output += url
            case "%": output += "%"
            case let other?: output += "%" + String(other)
            case nil: output += "%"
            }
        }
        return output
    }
}
