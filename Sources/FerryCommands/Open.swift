import ArgumentParser
import FerryCore

#if canImport(Glibc)
import Glibc
#endif

extension Ferry {
    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Open URLs with their handlers, and files with the apps for their types.",
            discussion: """
                Each URL is checked against RFC 3986 and handed to ferryd (started on demand), which picks \
                the scheme's handler (see `ferry schemes`). An argument with no scheme (or a file:// URL) is a \
                file: its MIME type comes from the shared-mime-info database (name and first 4 KiB), the app from \
                `ferry default MIME-TYPE` or else the apps' CFBundleDocumentTypes (UTI, then extension, then MIME \
                type or a supertype of it, such as text/plain for text/x-python), and the app gets its file:// \
                URL as --app would. A command app is started here as a child process with the URL as one \
                argument, never through a shell; a managed app is launched or brought to the foreground with \
                its lifecycle events. One line per URL says what happened. Exit codes: 0 done, 65 invalid URL, \
                66 no such file or unreadable, 67 unknown app, 69 no handler (or no app for the file's type), \
                71 failed to start, 75 the app failed or timed out, 76 ferryd unreachable, 77 declined; with --wait, 1 when \
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

        @Argument(help: ArgumentHelp("The URLs or files to open; - reads one URL per line from stdin.", valueName: "url-or-path"), completion: Completions.openTargets)
        var urls: [String]

        func validate() throws {
            guard !urls.isEmpty else { throw ValidationError("Give at least one URL or file, or - to read URLs from stdin.") }
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
