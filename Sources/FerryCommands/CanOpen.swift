import ArgumentParser
import FerryCore

extension Ferry {
    struct CanOpen: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "can-open",
            abstract: "Tell whether some app can open a URL (canOpenURL:).",
            discussion: """
                On behalf of an app (--from), answers only for schemes in the first 50 entries of its \
                LSApplicationQueriesSchemes, as iOS does. Exit codes: 0 yes, 1 no, 65 invalid URL, 67 unknown app.
                """
        )

        @Option(name: .customLong("from"), help: ArgumentHelp("Ask on behalf of this app.", valueName: "bundle-id"), completion: Completions.bundleIdentifiers)
        var from: String?

        @OptionGroup var output: OutputOptions

        @Argument(help: "The URL to check.")
        var url: String

        static let queryLimit = 50

        private struct Answer: Encodable {
            var url: String
            var canOpen: Bool
            var handler: String?
            var reason: String
        }

        func run() throws {
            let context = Context()
            let parsed: FerryURL
            do { parsed = try FerryURL(url) } catch {
                throw CommandFailure(message: error.description, exit: FerryExit.invalidURL)
            }
            let registry = context.registry(mentioning: [parsed.scheme] + [from].compactMap { $0 })
            var answer = Answer(url: url, canOpen: false, reason: "")
            if let refusal = try refusal(for: parsed.scheme, registry: registry) {
                answer.reason = refusal
            } else if case let resolution = registry.resolve(scheme: parsed.scheme, defaults: context.defaultsOrWarn()),
                      let handler = resolution.handler {
                answer = Answer(url: url, canOpen: true, handler: handler.bundleIdentifier,
                                reason: "\(handler.bundleIdentifier) handles \(parsed.scheme):")
                output.detail("rule: \(resolution.rule?.rawValue ?? "-"); manifest: \(handler.bundlePath)")
            } else {
                answer.reason = "no app handles \(parsed.scheme):" + (Explanation.skippedHint(registry, parsed.scheme).map { ", but " + $0 } ?? "")
            }
            if output.json {
                print(JSONOutput.line(answer))
            } else {
                output.say((answer.canOpen ? "yes: " : "no: ") + answer.reason)
            }
            if !answer.canOpen { throw FerryExit.no }
        }

        /// Why `--from` may not ask about `scheme`, if it may not.
        private func refusal(for scheme: String, registry: Registry) throws -> String? {
            guard let from else { return nil }
            guard let asker = registry.app(from) else {
                throw CommandFailure(message: "no app \(from) is installed; see ferry apps", exit: FerryExit.unknownApp)
            }
            let declared = asker.manifest.queriesSchemes
            if declared.count > Self.queryLimit {
                printError("ferry: warning: \(from) lists \(declared.count) schemes in LSApplicationQueriesSchemes; only the first \(Self.queryLimit) count")
            }
            guard declared.prefix(Self.queryLimit).contains(scheme) else {
                return "\(from) does not list \(scheme) in the first \(Self.queryLimit) entries of LSApplicationQueriesSchemes"
            }
            return nil
        }
    }
}
