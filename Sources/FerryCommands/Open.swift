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
                Each URL is checked against RFC 3986, its scheme's handler is chosen (see `ferry schemes`) \
                and started as a child process with the URL as one argument, never through a shell. \
                Exit codes: 0 handled, 65 invalid URL, 67 unknown app, 69 no handler, 71 handler failed \
                to start; with --wait, the handler's own exit status.
                """
        )

        @Option(name: .customLong("app"), help: ArgumentHelp("Use this app, whatever the scheme's handler.", valueName: "bundle-id"))
        var app: String?

        @Option(name: .customLong("source"), help: ArgumentHelp("The app the URL comes from, passed to the handler.", valueName: "bundle-id"))
        var source: String?

        @Flag(help: "Wait for each handler to exit and return its status.")
        var wait = false

        @Flag(help: "Print one JSON object per URL.")
        var json = false

        @Flag(name: .shortAndLong, help: "Print a line for each URL opened.")
        var verbose = false

        @Argument(help: ArgumentHelp("The URLs to open; - reads one URL per line from stdin.", valueName: "url"))
        var urls: [String]

        func validate() throws {
            guard !urls.isEmpty else { throw ValidationError("Give at least one URL, or - to read them from stdin.") }
        }

        func run() throws {
            try arguments.run()
        }

        var arguments: OpenArguments {
            OpenArguments(app: app, source: source, wait: wait, json: json, verbose: verbose, urls: urls)
        }
    }
}

extension String {
    func trimmingCarriageReturn() -> String {
        hasSuffix("\r") ? String(dropLast()) : self
    }
}
