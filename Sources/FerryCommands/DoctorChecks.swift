import FerryCore

/// The checks behind `ferry doctor`.
struct DoctorChecks {
    typealias Problem = Ferry.Doctor.Problem

    let context: Context

    static let untrustedSchemesFix = "install Ferry where only you or root can write (not under /tmp), or set FERRY_SCHEMES_DIR"
    static let untrustedFix = "keep it where only you or root can write, up to /: chown it, chmod go-w what is yours, or remove it"

    func run() -> [Problem] {
        let registry = context.registry()
        var problems: [Problem] = []
        if !context.paths.appFolders.contains(where: { $0.kind == .builtIn }) {
            problems.append(Problem(subject: "schemes", problem: "the built-in scheme declarations were not found",
                                    fix: "set FERRY_SCHEMES_DIR to the schemes folder of Ferry's source or install"))
        }
        problems += BuiltInSchemes.search(environment: context.environment, executable: Context.executablePath()).skipped.map {
            Problem(subject: $0.path.escapingControlCharacters(), problem: "built-in schemes not read: \($0.reason)",
                    fix: Self.untrustedSchemesFix)
        }
        problems += registry.diagnostics.map {
            Problem(subject: $0.file.escapingControlCharacters(), problem: "skipped: \($0.keyPath.isEmpty ? "" : $0.keyPath + ": ")\($0.message)",
                    fix: Self.fix(for: $0))
        }
        problems += registry.droppedEntries.map {
            Problem(subject: $0.file.escapingControlCharacters(), problem: $0.fault,
                    fix: "correct that entry; the rest of the app is used")
        }
        problems += registry.shadowed.map {
            Problem(subject: $0.app.bundleIdentifier, problem: "\($0.app.bundlePath) is hidden by \($0.winner.bundlePath)",
                    fix: "remove one of the two copies")
        }
        problems += launchProblems(registry) + schemeProblems(registry) + queryProblems(registry) + typeProblems(registry)
        return problems + discoveryProblems() + ProtectionDoctor.problems(context)
    }

    private func launchProblems(_ registry: Registry) -> [Problem] {
        registry.apps.compactMap { app -> Problem? in
            // The session bus starts a D-Bus desktop entry: it needs no program of its own.
            guard app.dbusActivation == nil else { return nil }
            do {
                _ = try LaunchCommand(app: app, url: "x:", sourceApplication: nil, paths: context.paths,
                                      environment: context.environment)
                return nil
            } catch {
                let fix = app.isSystem ? "install the desktop opener (apt-get install xdg-utils)" : "fix the manifest's program, or ferry uninstall \(app.bundleIdentifier)"
                return Problem(subject: app.bundleIdentifier, problem: "cannot start: \((error as? LaunchError)?.reason ?? "\(error)")", fix: fix)
            }
        }
    }

    private func schemeProblems(_ registry: Registry) -> [Problem] {
        let defaults: HandlerDefaults
        do { defaults = try context.defaults() } catch {
            return [Problem(subject: context.paths.defaultsFile, problem: "\(error)", fix: "fix or remove the file")]
        }
        return registry.claimedSchemes.flatMap { scheme in
            let resolution = registry.resolve(scheme: scheme, defaults: defaults)
            var problems: [Problem] = resolution.ignoredClaims.map {
                Problem(subject: $0.app.bundleIdentifier, problem: "claims the reserved scheme \(scheme):, which is ignored",
                        fix: "remove \(scheme) from its CFBundleURLTypes")
            }
            if !resolution.conflict.isEmpty {
                let names = resolution.conflict.map(\.bundleIdentifier).joined(separator: ", ")
                problems.append(Problem(subject: "scheme \(scheme)", problem: "conflict: \(names) tie; \(resolution.handler?.bundleIdentifier ?? "") wins by tie-break",
                                        fix: "ferry default \(scheme) BUNDLE-ID"))
            }
            if let note = resolution.unusableDefault {
                problems.append(Problem(subject: "scheme \(scheme)", problem: note, fix: "ferry default --clear \(scheme)"))
            }
            return problems
        }
    }

    /// The fix for a skipped manifest: an Xcode source `Info.plist` wants its built copy.
    static func fix(for diagnostic: ManifestError) -> String {
        let message = diagnostic.message
        switch diagnostic.code {
        case .untrusted: return untrustedFix
        case .missingKey where diagnostic.keyPath == "CFBundleIdentifier":
            return "install the Info.plist from the built .app (Xcode adds the identifier), or add CFBundleIdentifier"
        case .notAPropertyList where message.contains("Xcode Info.plist preprocessor"):
            return "install the Info.plist from the built .app, where Xcode has run the preprocessor"
        case .invalidValue where message.contains("unexpanded Xcode build setting"):
            return "install the Info.plist from the built .app, or ferry install --set NAME=VALUE PATH to give each setting's value"
        default: return "correct the manifest, or remove it"
        }
    }

    /// Document types that cannot match what they seem to: a UTI no declaration knows, or
    /// extensions and MIME types ignored because `LSItemContentTypes` is given (as on Apple's
    /// platforms) that do not reach the type through its declaration either.
    private func typeProblems(_ registry: Registry) -> [Problem] {
        let types = registry.types
        return registry.apps.filter { !$0.isSystem }.flatMap { app in
            app.manifest.documentTypes.enumerated().compactMap { index, type -> Problem? in
                guard !type.contentTypes.isEmpty else { return nil }
                let key = "CFBundleDocumentTypes[\(index)]"
                let unknown = type.contentTypes.filter { types.declaration(of: $0) == nil }
                if unknown.count == type.contentTypes.count {
                    return Problem(subject: app.bundleIdentifier,
                                   problem: "\(key): no system type or UTExportedTypeDeclarations/UTImportedTypeDeclarations entry declares \(unknown.joined(separator: ", ")), so no file reaches it",
                                   fix: "declare it, with its extensions, in UTExportedTypeDeclarations (a type of yours) or UTImportedTypeDeclarations")
                }
                let lost = Self.ignoredTags(type, types)
                guard !lost.isEmpty else { return nil }
                return Problem(subject: app.bundleIdentifier,
                               problem: "\(key): \(lost.joined(separator: ", ")) ignored: LSItemContentTypes is given, so its CFBundleTypeExtensions and CFBundleTypeMIMETypes are not used, and no declaration of \(type.contentTypes.joined(separator: ", ")) names them",
                               fix: "add them to the UTTypeTagSpecification of the type's UTExportedTypeDeclarations or UTImportedTypeDeclarations entry")
            }
        }
    }

    /// The extensions (`.zim`) and MIME types of `type` that do not lead to one of its UTIs.
    static func ignoredTags(_ type: Manifest.DocumentType, _ types: TypeTree) -> [String] {
        let claimed = Set(type.contentTypes.map { $0.lowercased() })
        func reaches(_ uti: String?) -> Bool { uti.map { types.ancestry(of: $0).contains { claimed.contains($0.identifier) } } ?? false }
        return type.extensions.filter { $0 != "*" && !reaches(types.type(forExtension: $0)) }.map { "." + $0 }
            + type.mimeTypes.filter { !reaches(types.type(forMIMEType: $0)) }
    }

    private func queryProblems(_ registry: Registry) -> [Problem] {
        registry.apps.filter { $0.manifest.queriesSchemes.count > Ferry.CanOpen.queryLimit }.map {
            Problem(subject: $0.bundleIdentifier,
                    problem: "lists \($0.manifest.queriesSchemes.count) schemes in LSApplicationQueriesSchemes; only the first \(Ferry.CanOpen.queryLimit) count",
                    fix: "keep the \(Ferry.CanOpen.queryLimit) schemes it really queries")
        }
    }

    /// Asks a running ferryd how discovery is doing; without one, looks for avahi-daemon's socket.
    private func discoveryProblems() -> [Problem] {
        let setting = context.environment["FERRY_DISCOVERY"]?.lowercased() ?? ""
        guard !["off", "0", "no", "false"].contains(setting) else { return [] }
        let fix = "sudo systemctl start avahi-daemon (Debian package avahi-daemon); ferryd picks it up by itself"
        if let client = try? DaemonClient.connect(context, start: false),
           let result = try? client.request(.peers(.init())) {
            guard result.outcome == .avahiNotRunning || result.outcome == .failed else { return [] }
            return [Problem(subject: "discovery", problem: result.message ?? "discovery does not work", fix: fix)]
        }
        guard !FileSystem.exists("/run/avahi-daemon/socket") else { return [] }
        return [Problem(subject: "discovery", problem: "avahi-daemon is not running, so no peers can be found", fix: fix)]
    }
}
