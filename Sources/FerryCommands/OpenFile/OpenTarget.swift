import ArgumentParser
import FerryCore

/// One `ferry open` argument made ready: the URL to open and the app it goes to (nil: the scheme's
/// handler), or the one-line failure that stops it.
struct OpenTarget {
    /// The URL to open: the argument itself, or a file's `file://` URL.
    var url: String
    /// The app to use whatever the scheme's handler (`--app`, or the one chosen for a file).
    var app: String?
    /// For a file: the argument as given, and the file's MIME type.
    var path: String?
    var mimeType: String?
    /// Why the argument cannot be opened, with the exit code.
    var failure: CommandFailure?

    /// A URL argument, as it always was.
    static func url(_ text: String, app: String?) -> OpenTarget { OpenTarget(url: text, app: app) }

    /// The outcome to report for a target that failed before anything was opened.
    func failedOutcome() -> OpenOutcome? {
        guard let failure else { return nil }
        var outcome = OpenOutcome(failed: self)
        outcome.fail(failure.message, failure.exit)
        return outcome
    }
}

/// Turns `ferry open`'s arguments into targets; the registry and the defaults are read on the
/// first path only, so opening URLs costs what it did.
struct OpenTargetResolver {
    let context: Context
    let forcedApp: String?
    private var registry: Registry?
    private var defaults: HandlerDefaults?

    /// - Parameters:
    ///   - registry: Every app, when the caller has read them already.
    ///   - defaults: The user's choices, when the caller has read them already.
    init(context: Context, forcedApp: String?, registry: Registry? = nil, defaults: HandlerDefaults? = nil) {
        self.context = context
        self.forcedApp = forcedApp
        self.registry = registry
        self.defaults = defaults
    }

    mutating func target(for argument: String) -> OpenTarget {
        guard case .path(let path) = OpenArgument.classify(argument) else { return .url(argument, app: forcedApp) }
        let document: LocalDocument
        do { document = try LocalDocument(path, workingFolder: LocalDocument.workingFolder()) } catch {
            return OpenTarget(url: argument, path: argument, failure: error)
        }
        var target = OpenTarget(url: document.url, app: forcedApp, path: argument, mimeType: document.kind.mimeType)
        guard forcedApp == nil else { return target }
        let registry = registry ?? context.registry()
        let defaults = defaults ?? context.defaultsOrWarn()
        (self.registry, self.defaults) = (registry, defaults)
        let resolution = registry.resolve(document: document.kind, defaults: defaults)
        target.app = resolution.handler?.bundleIdentifier
        if target.app == nil { target.failure = Self.unclaimed(argument, document.kind.mimeType) }
        return target
    }

    static func unclaimed(_ argument: String, _ mimeType: String?) -> CommandFailure {
        let message = mimeType.map {
            "no app opens \($0) files (\(argument)); choose one with ferry default \($0) ID, or install an app that declares it in CFBundleDocumentTypes"
        } ?? "no app opens \(argument): its type is unknown; install an app that declares its extension in CFBundleDocumentTypes"
        return CommandFailure(message: message, exit: FerryExit.noHandler)
    }
}
