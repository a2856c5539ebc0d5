import ArgumentParser
import FerryCore

/// `ferry open --explain`: the handler each URL would get, and the rule that picked it.
struct Explanation: Encodable {
    var url: String
    var scheme: String
    var handler: String?
    var rule: String?
    var manifest: String?
    /// Where the handler comes from: `manifest`, `built-in` or `desktop entry`.
    var source: String?
    var reason: String
    var claims: [String]
    /// For a file (`ferry open --explain PATH`): the argument as given and the file's MIME type.
    var path: String?
    var mimeType: String?
    /// For a file: the UTI chain used, from the file's own type up to the claimed one (or every
    /// type it conforms to when nothing claims it).
    var utiChain: [String]?

    static func run(_ urls: [String], app: String?, json: Bool, quiet: Bool = false) throws {
        let context = Context()
        let registry = context.registry()
        let defaults = try context.defaults()
        var failure: ExitCode?
        for text in urls {
            let explanation: Explanation
            do {
                explanation = try Explanation.make(argument: text, app: app, registry: registry, defaults: defaults)
            } catch let error as URLSyntaxError {
                printError("\(Colour.errorPrefix) \(error)")
                failure = failure ?? FerryExit.invalidURL
                continue
            } catch let error as CommandFailure {
                printError("\(Colour.errorPrefix) \(error.message)")
                failure = failure ?? error.exit
                continue
            }
            if json || !quiet { print(json ? JSONOutput.line(explanation) : explanation.lines) }
            if explanation.handler == nil { failure = failure ?? FerryExit.noHandler }
        }
        if let failure { throw failure }
    }

    init(_ text: String, app forced: String?, registry: Registry, defaults: HandlerDefaults) throws {
        let url = try FerryURL(text)
        let resolution = registry.resolve(scheme: url.scheme, defaults: defaults)
        self.url = text
        scheme = url.scheme
        claims = resolution.claims.map(\.label)
        if let forced {
            handler = forced
            rule = "--app"
            manifest = registry.app(forced)?.manifestPath
            source = registry.app(forced)?.source
            reason = registry.app(forced) == nil ? "\(forced) is not installed" : "forced with --app"
            return
        }
        handler = resolution.handler?.bundleIdentifier
        rule = resolution.rule?.rawValue
        manifest = resolution.handler?.manifestPath
        source = resolution.handler?.source
        reason = Self.reason(resolution)
            + ((resolution.handler == nil ? Self.skippedHint(registry, resolution.scheme) : nil).map { "; " + $0 } ?? "")
    }

    /// For a scheme nothing handles, when a skipped manifest claims it: "a skipped manifest (PATH)
    /// claims it: see ferry doctor" (`schemes`, `can-open` and `--explain` say the same).
    static func skippedHint(_ registry: Registry, _ scheme: String) -> String? {
        registry.skippedClaims(of: scheme.lowercased()).first.map {
            "a skipped manifest (\($0.file.escapingControlCharacters())) claims it: see ferry doctor"
        }
    }

    private static func reason(_ resolution: SchemeResolution) -> String {
        guard let handler = resolution.handler, let rule = resolution.rule else {
            return "no installed app claims \(resolution.scheme): with a rank above None"
        }
        let name = handler.bundleIdentifier
        switch rule {
        case .reserved:
            let ignored = resolution.ignoredClaims.map(\.app.bundleIdentifier)
            return "\(resolution.scheme): is reserved for the system handler \(name)"
                + (ignored.isEmpty ? "" : "; ignored claims: \(ignored.joined(separator: ", "))")
        case .userDefault:
            return "you chose \(name) with ferry default \(resolution.scheme) \(name)"
        case .rank:
            let rank = resolution.claims.first?.rank.rawValue ?? ""
            return "\(name) has the highest LSHandlerRank (\(rank))"
                + (resolution.unusableDefault.map { "; your choice was skipped: \($0)" } ?? "")
        case .desktopDefault:
            return "your \(resolution.mimeAppsFile ?? "mimeapps.list") makes the desktop entry \(name) the default "
                + "for x-scheme-handler/\(resolution.scheme) (a choice of yours beats Ferry's ranks)"
        case .desktopEntry:
            return "no Ferry app claims \(resolution.scheme):; the desktop entry \(name) handles it"
                + (resolution.mimeAppsFile.map { " (the default in \($0))" } ?? " (first in the XDG data dirs)")
        case .tieBreak:
            return "\(resolution.conflict.map(\.bundleIdentifier).joined(separator: ", ")) tie; \(name) wins by "
                + "search-path order, then bundle id (a conflict: settle it with ferry default \(resolution.scheme) ID)"
        }
    }

    var lines: String {
        var text = "\(path ?? url)\n  handler: \(handler ?? "none")"
        if let mimeType { text += "\n  type:    \(mimeType)" }
        if let utiChain { text += "\n  uti:     \(utiChain.joined(separator: " → "))" }
        if let rule { text += "\n  rule:    \(rule)" }
        text += "\n  why:     \(reason)"
        if let manifest { text += "\n  from:    \(manifest)\(source.map { " (\($0))" } ?? "")" }
        if !claims.isEmpty { text += "\n  claims:  \(claims.joined(separator: ", "))" }
        return text
    }
}
