import Testing
@testable import FerryCore

@Suite struct TypeTreeTests {
    let system = TypeTree(declarations: SystemTypes.declarations)

    @Test(arguments: [("jpg", "public.jpeg"), ("PY", "public.python-script"), ("md", "net.daringfireball.markdown"),
                      ("docx", "org.openxmlformats.wordprocessingml.document"), ("mp4", "public.mpeg-4")])
    func anExtensionNamesItsType(_ ext: String, _ uti: String) {
        #expect(system.type(forExtension: ext) == uti)
    }

    @Test func aFileIsItsUTIThenItsExtensionThenItsMIMEType() {
        #expect(system.identify(DocumentKind(uti: "public.png", fileExtension: "jpg", mimeType: nil)) == "public.png")
        #expect(system.identify(DocumentKind(uti: "public.data", fileExtension: "jpg", mimeType: nil)) == "public.jpeg")
        #expect(system.identify(DocumentKind(uti: nil, fileExtension: "nope", mimeType: "text/x-python")) == "public.python-script")
        #expect(system.identify(DocumentKind(uti: "com.acme.todo", fileExtension: "todo", mimeType: nil)) == "com.acme.todo")
        #expect(system.identify(DocumentKind(uti: nil, fileExtension: "nope", mimeType: nil)) == nil)
    }

    /// Breadth first: nearer types first, each with the chain that reaches it.
    @Test func theAncestryWalksConformanceUpward() {
        let steps = system.ancestry(of: "public.python-script")
        #expect(steps.map(\.identifier) == ["public.python-script", "public.script", "public.source-code", "public.plain-text",
                                            "public.text", "public.data", "public.content", "public.item"])
        #expect(steps[4].path == ["public.python-script", "public.script", "public.source-code", "public.plain-text", "public.text"])
        #expect(steps[4].depth == 4)
    }

    @Test func anUnknownTypeIsStillData() {
        #expect(system.ancestry(of: "com.acme.todo").map(\.identifier) == ["com.acme.todo", "public.data", "public.item"])
        #expect(system.ancestry(of: "public.folder").map(\.identifier) == ["public.folder", "public.directory", "public.item"])
    }

    /// The system's declaration of a public type wins over an app's; an exported declaration wins
    /// over an imported one, whatever the search-path order, and the imported one is not used at
    /// all (its `mkv` included).
    @Test func systemThenExportedThenImported() {
        var importer = documentApp("com.importer", [])
        importer.manifest.importedTypes = [UniformType("org.matroska.mkv", conformsTo: ["public.movie"], extensions: ["mkv"]),
                                           UniformType("public.jpeg", conformsTo: ["public.data"], extensions: ["jpegx"])]
        var exporter = documentApp("com.exporter", [])
        exporter.manifest.exportedTypes = [UniformType("org.matroska.mkv", conformsTo: ["public.video"], extensions: ["mk3d"])]
        let tree = TypeTree(apps: [importer, exporter])
        #expect(tree.declaration(of: "org.matroska.mkv")?.conformsTo == ["public.video"])
        #expect(tree.type(forExtension: "mk3d") == "org.matroska.mkv")
        #expect(tree.type(forExtension: "mkv") == nil)
        #expect(tree.declaration(of: "public.jpeg")?.conformsTo == ["public.image"])
        #expect(tree.type(forExtension: "jpegx") == nil)
    }
}
