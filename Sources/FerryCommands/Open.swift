import ArgumentParser
import FerryCore

#if canImport(Glibc)
import Glibc
#endif

extension Ferry {
    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Open URLs with their handlers.",
            discussion: """
                Each URL is checked against RFC 3986 and handed to ferryd (started on demand), which picks \
                the scheme's handler (see `ferry schemes`). A command app is started here as a child process \
                with the URL as one argument, never through a shell; a managed app is launched or brought \
                to the foreground with its lifecycle events. One line per URL says what happened. \
                Exit codes: 0 done, 65 invalid URL, 67 unknown app, 69 no handler, 71 failed to start, \
                75 the app failed or timed out, 76 ferryd unreachable, 77 declined; with --wait, 1 when \
                a managed app did not handle the URL and a command app's own exit status. \
                FERRY_NO_DAEMON=1 opens command apps without ferryd.
                """
        )

        @Option(name: .customLong("app"), help: ArgumentHelp("Use this app, whatever the scheme's handler.", valueName: "bundle-id"), completion: Completions.bundleIdentifiers)
        var app: String?

        @Option(name: .customLong("source"), help: ArgumentHelp("The app the URL comes from, passed to the handler.", valueName: "bundle-id"), completion: Completions.bundleIdentifiers)
        var source: String?

        @Flag(help: "Wait for each handler to exit and return its status.")
        var wait = false

        @Flag(help: "Say which handler would open each URL and by which rule, without opening anything.")
        var explain = false

        @Flag(name: [.customShort("g"), .long], help: "Open without bringing the app to the foreground (like macOS open -g).")
        var background = false

        @OptionGroup var output: OutputOptions

        @Argument(help: ArgumentHelp("The URLs to open; - reads one URL per line from stdin.", valueName: "url"), completion: Completions.openTargets)
        var urls: [String]

        func validate() throws {
            guard !urls.isEmpty else { throw ValidationError("Give at least one URL, or - to read them from stdin.") }
        }

        func run() throws {
            if explain {
                try Explanation.run(urls.filter { $0 != "-" }, app: app, json: output.json, quiet: output.quiet)
            } else {
                try arguments.run()
            }
        }

        var arguments: OpenArguments {
            OpenArguments(app: app, source: source, wait: wait, json: output.json, background: background,
                          quiet: output.quiet, verbose: output.verbose, urls: urls)
        }
    }
}

extension String {
    func trimmingCarriageReturn() -> String {
        hasSuffix("\r") ? String(dropLast()) : self
    }
}
