/// Why no app was found to open a URL: one message for `ferry` and ferryd alike.
public enum HandlerLookupFailure: Error, Equatable, Sendable {
    /// `--app` named an app that is not installed.
    case unknownApp(String)
    /// Nothing claims the scheme; `unreadable` manifests were skipped, and one of them may have:
    /// `skipped` names one that does.
    case noHandler(scheme: String, unreadable: Int, skipped: String? = nil)

    public var message: String {
        switch self {
        case .unknownApp(let identifier):
            return "no app \(identifier) is installed; see ferry apps"
        case .noHandler(let scheme, _, let skipped?):
            return "no app handles \(scheme): URLs, but a skipped manifest (\(skipped)) claims it: see ferry doctor"
        case .noHandler(let scheme, let unreadable, nil):
            let message = "no app handles \(scheme): URLs; install one with ferry install, or see ferry schemes"
            return unreadable == 0 ? message : message + " (\(unreadable) manifest(s) could not be read: run ferry doctor)"
        }
    }
}

extension Registry {
    /// The app that opens a URL of `scheme`: the one `forced` names, else the winner of the
    /// scheme's resolution with the user's `defaults`.
    public func handler(scheme: String, forced: String?, defaults: HandlerDefaults) throws(HandlerLookupFailure) -> InstalledApp {
        if let forced {
            guard let app = app(forced) else { throw .unknownApp(forced) }
            return app
        }
        guard let app = resolve(scheme: scheme, defaults: defaults).handler else {
            throw .noHandler(scheme: scheme, unreadable: diagnostics.count,
                             skipped: skippedClaims(of: scheme.lowercased()).first?.file.escapingControlCharacters())
        }
        return app
    }
}
