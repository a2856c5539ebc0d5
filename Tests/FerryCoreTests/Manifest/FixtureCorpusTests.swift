import Foundation
import Testing
@testable import FerryCore
import FerryTestSupport

/// Every manifest in `Fixtures/` against the table in `Fixtures/README.md`: valid ones load, each
/// invalid one fails (**no**) or loads without the faulty entry (drops) with exactly the key path
/// and code the table names, and none crashes.
@Suite(.offThePool) struct FixtureCorpusTests {
    struct Row: CustomStringConvertible, Sendable {
        var file: String
        var keyPath: String
        var code: String
        /// Whether the app loads without the faulty entry rather than being skipped.
        var drops = false
        var description: String { file }
    }

    static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

    /// The table rows of README.md: `| `file` | format | loads | key path | code | problem |`.
    static let rows: [Row] = {
        let text = (try? String(contentsOf: fixtures.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line -> Row? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 5, cells[1].hasPrefix("`"), cells[1].hasSuffix(".plist`") else { return nil }
            let file = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            if file.hasPrefix("valid/") { return Row(file: file, keyPath: "", code: "") }
            guard cells.count >= 7 else { return nil }
            let keyPath = cells[4] == "—" ? "" : cells[4].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            return Row(file: file, keyPath: keyPath, code: cells[5].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                       drops: cells[3] == "drops")
        }
    }()

    @Test func theTableCoversTheCorpus() {
        #expect(Self.rows.filter { $0.file.hasPrefix("valid/") }.count >= 15)
        #expect(Self.rows.filter { $0.file.hasPrefix("invalid/") }.count >= 30)
        #expect(Self.rows.filter(\.drops).count >= 15)
    }

    /// Issue 13 §3: an unexpanded Xcode variable in one scheme costs that scheme, not the app.
    @Test func anXcodeLeftoverCostsOnlyItsScheme() throws {
        let path = Self.fixtures.appendingPathComponent("invalid/scheme-unexpanded-variable.plist").path
        let manifest = try ManifestLoader.load(path: path, displayPath: "x.plist").get()
        #expect(manifest.urlTypes.map(\.schemes) == [["fixture"]])
        #expect(manifest.droppedEntries.map(\.description) == [
            "x.plist: CFBundleURLTypes[0].CFBundleURLSchemes[1]: \"$(PRODUCT_BUNDLE_IDENTIFIER)\" is the unexpanded Xcode build setting "
                + "PRODUCT_BUNDLE_IDENTIFIER; install the Info.plist from the built .app, or give the value: "
                + "ferry install --set PRODUCT_BUNDLE_IDENTIFIER=VALUE PATH; the scheme is dropped",
        ])
    }

    @Test(arguments: rows)
    func eachFixtureBehavesAsTheTableSays(_ row: Row) {
        let path = Self.fixtures.appendingPathComponent(row.file).path
        let result = ManifestLoader.load(path: path, displayPath: row.file)
        switch (row.code.isEmpty, result) {
        case (true, .success(let manifest)):
            #expect(manifest.droppedEntries.isEmpty)
        case (false, .success(let manifest)) where row.drops:
            let first = try? #require(manifest.droppedEntries.first)
            #expect(first?.keyPath == row.keyPath)
            #expect(first?.code.description == row.code)
            #expect(first?.description.hasPrefix(row.file + ": ") == true)
        case (false, .failure(let error)) where row.drops:
            Issue.record("\(row.file) should load without \(row.keyPath): \(error)")
        case (true, .failure(let error)):
            Issue.record("\(row.file) should load: \(error)")
        case (false, .success):
            Issue.record("\(row.file) should fail at \(row.keyPath)")
        case (false, .failure(let error)):
            #expect(error.keyPath == row.keyPath)
            #expect(error.code.description == row.code)
            #expect(error.description.hasPrefix(row.file + ": "))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func xmlAndBinaryCopiesOfTheFullManifestAgree() throws {
        let xml = try ManifestLoader.load(path: Self.fixtures.appendingPathComponent("valid/full.xml.plist").path, displayPath: "x").get()
        let binary = try ManifestLoader.load(path: Self.fixtures.appendingPathComponent("valid/full.binary.plist").path, displayPath: "b").get()
        #expect(xml == binary)
        #expect(xml.program == .arguments(["acme-full", "--url=%u", "--new-window", "%u"]))
        #expect(xml.urlTypes.map(\.rank) == [.owner, .default, .alternate, .none])
        #expect(xml.urlTypes[0].schemes == ["acme-full", "acme.full+v2"])
        #expect(xml.documentTypes[0].extensions == ["acme", "acmex"])
    }

    @Test func realisticManifestsKeepWhatFerryIgnores() throws {
        let maps = try ManifestLoader.load(path: Self.fixtures.appendingPathComponent("valid/realistic-maps.plist").path, displayPath: "m").get()
        #expect(maps.urlTypes.count == 4)
        #expect(maps.documentTypes.count == 3)
        #expect(maps.otherKeys.count > 30)
    }

    @Test func theInvalidUTF8DiagnosticNamesTheKey() {
        let path = Self.fixtures.appendingPathComponent("invalid/invalid-utf8.plist").path
        guard case .failure(let error) = ManifestLoader.load(path: path, displayPath: "invalid-utf8.plist") else {
            Issue.record("must fail")
            return
        }
        #expect(error.description.contains("CFBundleName cannot be read; is the file valid UTF-8?"))
    }
}
