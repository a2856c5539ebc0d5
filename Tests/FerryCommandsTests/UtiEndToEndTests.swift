import Foundation
import Testing
import FerryTestSupport

/// Issue 28 through the built `ferry`: document types declared by UTI, conformance, `--explain`'s
/// UTI chain, and type defaults checked like scheme defaults.
@Suite(.offThePool) struct UtiEndToEndTests {
    static let fixtures = FerryWorld.repository + "/Tests/FerryCoreTests/Fixtures/realworld/"

    /// A world with the real-world-shaped `fixture` installed as `NAME.app`, its program present.
    static func world(_ fixtures: [String: String]) throws -> (FerryWorld, String) {
        let world = try FerryWorld()
        for (fixture, program) in fixtures {
            let bundle = world.apps + "/" + fixture.replacingOccurrences(of: ".plist", with: ".app")
            try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Self.fixtures + fixture, toPath: bundle + "/Info.plist")
            try "#!/bin/sh\nexit 0\n".write(toFile: bundle + "/" + program, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle + "/" + program)
        }
        let files = world.root + "/files"
        try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
        for name in ["wikipedia.zim", "tool.py"] { try "x\n".write(toFile: files + "/" + name, atomically: true, encoding: .utf8) }
        return (world, files)
    }

    @Test func aUTIOnlyTypeIsOpenedAndExplainedWithItsChain() throws {
        let (world, files) = try Self.world(["zim-reader.plist": "ZimReader"])
        let outcome = try world.run(in: files, "open", "--explain", "wikipedia.zim")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("  handler: org.example.zimreader\n"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("  uti:     org.openzim.zim\n  rule:    document type by UTI\n"), "\(outcome.stdout)")
        let json = try world.run(in: files, "open", "--explain", "--json", "wikipedia.zim")
        #expect(json.stdout.contains("\"utiChain\":[\"org.openzim.zim\"]"), "\(json.stdout)")
    }

    @Test func aGenericClaimIsReachedByConformance() throws {
        let (world, files) = try Self.world(["text-editor.plist": "TextEditor"])
        let outcome = try world.run(in: files, "open", "--explain", "tool.py")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains(
            "  uti:     public.python-script → public.script → public.source-code → public.plain-text → public.text\n"
                + "  rule:    document type by UTI conformance\n"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("declares the UTI public.text, which the file's type conforms to"), "\(outcome.stdout)")
    }

    /// `ferry doctor` says when extensions beside LSItemContentTypes are ignored.
    @Test func doctorSaysExtensionsBesideUTIsAreIgnored() throws {
        let (world, _) = try Self.world(["text-editor.plist": "TextEditor"])
        let doctor = try world.run("doctor")
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("org.example.texteditor: CFBundleDocumentTypes[1]: no system type or UTExportedTypeDeclarations/"
            + "UTImportedTypeDeclarations entry declares com.example.rich-text, so no file reaches it"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("org.example.texteditor: CFBundleDocumentTypes[2]: .mdown ignored: LSItemContentTypes is given, "
            + "so its CFBundleTypeExtensions and CFBundleTypeMIMETypes are not used, and no declaration of net.daringfireball.markdown names them"),
                "\(doctor.stdout)")
        #expect(!doctor.stdout.contains(".md ignored"))
    }

    /// An unexpanded build setting as a URL's scheme is an invalid URL (65) for every command.
    @Test func aBuildSettingSchemeIsAnInvalidURLEverywhere() throws {
        let world = try FerryWorld()
        let explained = try world.run("open", "--explain", "$(APP_URL_SCHEME)://x")
        let asked = try world.run("can-open", "$(APP_URL_SCHEME)://x")
        #expect(explained.status == 65, "\(explained.stderr)")
        #expect(asked.status == 65)
        #expect(!explained.stderr.contains("no such file"), "\(explained.stderr)")
    }

    /// Issue 29: a type default is checked like a scheme default, and setting or clearing it says so.
    @Test func aTypeDefaultMustBeDeclaredAndIsConfirmed() throws {
        let (world, _) = try Self.world(["zim-reader.plist": "ZimReader", "text-editor.plist": "TextEditor"])
        let refused = try world.run("default", "application/x-openzim", "org.example.texteditor")
        #expect(refused.status == 64)
        #expect(refused.stderr == "ferry: org.example.texteditor does not declare application/x-openzim (nor a type it belongs to) "
            + "in CFBundleDocumentTypes; it cannot open those files\n")
        let set = try world.run("default", "application/x-openzim", "org.example.zimreader")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == "application/x-openzim: org.example.zimreader (user default)\n")
        // text/x-python is a public.python-script, which conforms to the editor's public.text.
        #expect(try world.run("default", "text/x-python", "org.example.texteditor").status == 0)
        let cleared = try world.run("default", "--clear", "application/x-openzim")
        #expect(cleared.stdout == "application/x-openzim: no default (CFBundleDocumentTypes decide)\n")
        #expect(try world.run("default", "-q", "--clear", "text/x-python").stdout == "")
    }
}
