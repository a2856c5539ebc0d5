import ArgumentParser
import FerryCore

extension Ferry {
    struct Apps: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the installed apps, highest precedence first.")

        @OptionGroup var output: OutputOptions

        struct Entry: Encodable {
            var bundleIdentifier: String
            var name: String
            var version: String?
            var schemes: [String]
            var documentTypes: [String]
            var folder: String
            var kind: String
            var path: String
            /// One line per entry left out of the manifest (`KEY-PATH: fault; consequence`); empty
            /// when the manifest is clean.
            var droppedEntries: [String]

            init(_ app: InstalledApp) {
                bundleIdentifier = app.bundleIdentifier
                name = app.manifest.visibleName
                version = app.manifest.shortVersion ?? app.manifest.version
                schemes = app.manifest.urlTypes.flatMap(\.schemes)
                documentTypes = app.manifest.documentTypes.compactMap { $0.name ?? $0.contentTypes.first }
                folder = app.folder.path
                kind = app.folder.kind.rawValue
                path = app.bundlePath
                droppedEntries = app.manifest.droppedEntries.map(\.fault)
            }
        }

        /// A manifest that was not used, and why.
        struct Skipped: Encodable {
            var path: String
            var reason: String
        }

        /// `--json`: the apps, and the manifests skipped (so a script sees them too).
        struct Listing: Encodable {
            var apps: [Entry]
            var skipped: [Skipped]
        }

        func run() throws {
            let registry = Context().registry()
            let entries = registry.apps.map(Entry.init)
            let skipped = registry.diagnostics.map { Skipped(path: $0.file, reason: $0.fault) }
            output.emit(Listing(apps: entries, skipped: skipped)) {
                // A manifest's name and version are anyone's bytes: no escape sequences to the terminal.
                let rows = entries.map {
                    [$0.bundleIdentifier, $0.name, $0.version ?? "-", $0.schemes.joined(separator: ","), $0.kind]
                        .map { $0.escapingControlCharacters() }
                }
                return Table.render(header: ["BUNDLE ID", "NAME", "VERSION", "SCHEMES", "FOLDER"], rows: rows)
            }
            guard !output.json else { return }
            for entry in entries { output.detail("\(entry.bundleIdentifier): \(entry.path)") }
            for diagnostic in registry.diagnostics { printError("ferry: skipped \(diagnostic)") }
            for diagnostic in registry.droppedEntries { printError("ferry: \(diagnostic)") }
            for diagnostic in registry.desktopDiagnostics { output.detail("skipped \(diagnostic)") }
        }
    }
}

/// Plain aligned columns for listings.
enum Table {
    static func render(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        let lines = all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }.joined()
        }
        return ([Colour.bold(lines[0])] + lines.dropFirst()).map { $0 + "\n" }.joined()
    }
}
