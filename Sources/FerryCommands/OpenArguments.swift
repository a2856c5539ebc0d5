import FerryCore

/// What `ferry open` was asked to do, however its arguments were parsed.
struct OpenArguments: Equatable {
    var app: String?
    var source: String?
    var wait = false
    var json = false
    var background = false
    var quiet = false
    var verbose = false
    var urls: [String] = []

    /// Parses the common shapes of `ferry open` without swift-argument-parser, whose reflection costs
    /// about a millisecond of start-up. Returns nil for anything else (help, mistakes, unusual
    /// spellings) so that the full parser handles it with its usual messages.
    static func fastParse(_ arguments: [String]) -> OpenArguments? {
        guard arguments.first == "open" else { return nil }
        var result = OpenArguments()
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--wait": result.wait = true
            case "--json": result.json = true
            case "-g", "--background": result.background = true
            case "-q", "--quiet": result.quiet = true
            case "-v", "--verbose": result.verbose = true
            case "--app", "--source":
                guard let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
                if argument == "--app" { result.app = value } else { result.source = value }
            case "-": result.urls.append(argument)
            default:
                guard !argument.hasPrefix("-") else { return nil }
                result.urls.append(argument)
            }
        }
        // -q with -v is refused by the full parser, with its message.
        return result.urls.isEmpty || (result.quiet && result.verbose) ? nil : result
    }

    func run() throws {
        if urls.contains("") {
            throw CommandFailure(message: "an empty argument is no URL or file; name one, or - to read URLs from stdin", exit: FerryExit.invalidURL)
        }
        let context = Context()
        if let source { try Self.checkSource(source, context) }
        // An invalid URL is reported in its turn, like any failure: the others are still attempted.
        let schemes = urls.filter { $0 != "-" }.compactMap { try? FerryURL($0).scheme }
        if !context.direct {
            // Only a ferryd that cannot be reached sends the URLs the direct way: one lost mid-way
            // may have opened some of them already.
            // The first URL goes out with hello: an `open` of one URL costs one round trip.
            let first = urls.first.flatMap { OpenArgument.classify($0) == .url($0) ? OpenTarget.url($0, app: app) : nil }
            let client: DaemonClient?
            do {
                client = try DaemonClient.connect(context, first: first.map { DaemonOpener.request($0, self, context) })
            } catch let failure as CommandFailure where failure.exit == FerryExit.unavailable {
                printError("ferry: warning: \(failure.message); opening directly (managed apps need ferryd)")
                client = nil
            }
            if let client { return try Self.reportingLostDaemon { try runThroughDaemon(client, context, sent: first) } }
        }
        try runDirectly(context, schemes: schemes)
    }

    /// ferryd stopped (killed, crashed) before it answered: one line saying so, not its socket's words.
    static func reportingLostDaemon(_ body: () throws -> Void) throws {
        do { try body() } catch let failure as CommandFailure where failure.daemonLost {
            throw CommandFailure(message: "ferryd stopped before it answered (it was killed, or crashed), so the outcome is unknown; "
                                     + "the next ferry command starts a new one", exit: FerryExit.unavailable)
        }
    }

    /// - Parameter sent: The first URL's target, when it went out with hello (as request 1).
    private func runThroughDaemon(_ client: DaemonClient, _ context: Context, sent: OpenTarget?) throws {
        var opener = DaemonOpener(client: client, context: context, arguments: self)
        var targets = OpenTargetResolver(context: context, forcedApp: app)
        var remaining = sent == nil ? urls[...] : urls.dropFirst()
        if let sent { opener.sent(sent, id: 1) }
        var readingStdin = false
        try opener.run {
            while true {
                if readingStdin, let line = readLine() { return targets.target(for: line.trimmingCarriageReturn()) }
                readingStdin = false
                guard let next = remaining.popFirst() else { return nil }
                if next == "-" { readingStdin = true } else { return targets.target(for: next) }
            }
        }
        if let exit = opener.firstFailure { throw exit }
    }

    /// The daemon-less path (`FERRY_NO_DAEMON=1`, or no ferryd): command apps only.
    private func runDirectly(_ context: Context, schemes: [String]) throws {
        // Stdin's schemes are unknown up front, and a file may go to any app: they need every manifest.
        let everyApp = urls.contains { OpenArgument.classify($0) != .url($0) }
        let registry = everyApp ? context.registry()
            : context.registry(mentioning: schemes + [app, source].compactMap { $0 })
        var opener = URLOpener(context: context, registry: registry, options: options)
        try opener.checkNamedApps(app: app, source: source)
        var targets = OpenTargetResolver(context: context, forcedApp: app, registry: everyApp ? registry : nil,
                                         defaults: opener.defaults)
        for argument in urls {
            if argument == "-" {
                while let line = readLine() { opener.open(targets.target(for: line.trimmingCarriageReturn())) }
            } else {
                opener.open(targets.target(for: argument))
            }
        }
        if let exit = opener.firstFailure { throw exit }
    }

    /// `--source` names an app the handler is told about: one that is not installed is refused
    /// before anything opens (ferryd would pass the name on unchecked).
    static func checkSource(_ source: String, _ context: Context) throws {
        guard context.registry(mentioning: [source]).app(source) == nil else { return }
        throw CommandFailure(message: "no app \(source) is installed (--source); see ferry apps", exit: FerryExit.unknownApp)
    }

    private var options: URLOpener.Options {
        URLOpener.Options(forcedApp: app, source: source, wait: wait, json: json, quiet: quiet, verbose: verbose)
    }
}
