import ArgumentParser
import FerryCore

extension Ferry {
    struct Schemes: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List every claimed scheme, its handler and the rule that chose it.",
            discussion: """
                Rules, in order: a reserved scheme goes to its built-in system handler; then the user's \
                choice (ferry default); then the highest LSHandlerRank (Owner > Default > Alternate; None \
                never handles); then the earlier folder in the search path, then the bundle identifier in \
                byte order — a tie that is reported as a conflict.
                """
        )

        @OptionGroup var output: OutputOptions

        struct Entry: Encodable {
            var scheme: String
            var handler: String?
            /// `manifest`, `built-in` or `desktop entry`.
            var source: String?
            var rule: String?
            var claims: [String]
            var ignoredClaims: [String]
            var conflict: [String]
            var note: String?

            init(_ resolution: SchemeResolution) {
                scheme = resolution.scheme
                handler = resolution.handler?.bundleIdentifier
                source = resolution.handler?.source
                rule = resolution.rule?.rawValue
                claims = resolution.claims.map(\.label)
                ignoredClaims = resolution.ignoredClaims.map(\.app.bundleIdentifier)
                conflict = resolution.conflict.map(\.bundleIdentifier)
                note = resolution.unusableDefault
            }

            var remarks: String {
                var parts: [String] = []
                if !conflict.isEmpty { parts.append("conflict: \(conflict.joined(separator: ", ")) tie; choose with ferry default \(scheme) BUNDLE-ID") }
                if !ignoredClaims.isEmpty { parts.append("reserved; ignored claim by \(ignoredClaims.joined(separator: ", "))") }
                if let note { parts.append(note) }
                return parts.joined(separator: "; ")
            }
        }

        func run() throws {
            let context = Context()
            let registry = context.registry()
            let defaults = context.defaultsOrWarn()
            // A scheme only a skipped manifest claims is listed too, unhandled, with where to look.
            let skipped = registry.diagnostics.flatMap(\.claimedSchemes)
            let entries = Set(registry.claimedSchemes + skipped).sorted().map { scheme in
                let resolution = registry.resolve(scheme: scheme, defaults: defaults)
                var entry = Entry(resolution)
                if resolution.handler == nil, let hint = Explanation.skippedHint(registry, scheme) {
                    entry.note = [entry.note, hint].compactMap { $0 }.joined(separator: "; ")
                }
                return entry
            }
            output.emit(entries) {
                let rows = entries.map { [$0.scheme, $0.handler ?? "-", $0.source ?? "-", $0.rule ?? "-", $0.remarks] }
                return Table.render(header: ["SCHEME", "HANDLER", "SOURCE", "RULE", "NOTES"], rows: rows)
            }
        }
    }
}
