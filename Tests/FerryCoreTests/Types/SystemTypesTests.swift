import Foundation
import Testing
@testable import FerryCore

/// `types/SystemTypes.plist` is the source of the system's types; the Swift table is generated
/// from it (`types/make_system_types.py`) and must say the same.
@Suite struct SystemTypesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func theTableMatchesTheDataFile() throws {
        let bytes = try Data(contentsOf: Self.repository.appendingPathComponent("types/SystemTypes.plist"))
        let plist = try PropertyListDecoder().decode(PropertyListValue.self, from: bytes)
        guard case .dictionary(let keys) = plist else { Issue.record("the root is not a dictionary"); return }
        var reader = KeyReader(keys: keys, path: "")
        let declared = reader.array("UTExportedTypeDeclarations", entry: "type declaration") { (item: inout KeyReader) throws(ManifestIssue) in
            try UniformType(reader: &item)
        }
        #expect(reader.dropped.isEmpty)
        #expect(declared == SystemTypes.declarations)
        #expect(declared.count >= 100)
    }

    /// Every parent named is itself declared, so a conformance walk never stops at an unknown type.
    @Test func everyParentIsDeclaredAndIdentifiersAreUnique() {
        let identifiers = SystemTypes.declarations.map(\.identifier)
        #expect(Set(identifiers).count == identifiers.count)
        let parents = Set(SystemTypes.declarations.flatMap(\.conformsTo))
        #expect(parents.subtracting(identifiers).isEmpty)
    }

    /// The offers' table (FileTypes) and the system's types agree on every extension both know.
    @Test func fileTypesAgreeWithTheSystemTypes() {
        let tree = TypeTree(declarations: SystemTypes.declarations)
        let known = ["txt", "md", "html", "json", "csv", "xml", "pdf", "jpg", "jpeg", "png", "gif", "heic", "svg", "mp3",
                     "mp4", "mov", "zip", "gz", "tar", "ics", "vcf"]
        for ext in known {
            #expect(tree.type(forExtension: ext) == FileTypes.uti(for: "file." + ext), "\(ext)")
        }
    }
}
