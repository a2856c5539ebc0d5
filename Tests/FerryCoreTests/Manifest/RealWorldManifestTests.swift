import Foundation
import Testing
@testable import FerryCore
import FerryTestSupport

/// The hand-written, real-world-shaped manifests of `Fixtures/realworld/` (see its README): one
/// test per rule of issue 28.
@Suite struct RealWorldManifestTests {
    static let folder = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/realworld")

    static func load(_ name: String) -> Result<Manifest, ManifestError> {
        ManifestLoader.load(path: folder.appendingPathComponent(name).path, displayPath: name)
    }

    static func installed(_ names: [String]) throws -> [InstalledApp] {
        try names.enumerated().map { index, name in
            InstalledApp(manifest: try load(name).get(), bundlePath: "/apps/\(name)", manifestPath: "/apps/\(name)",
                         folder: AppFolder(path: "/apps", kind: .user), precedence: index)
        }
    }

    static let apps = ["zim-reader.plist", "text-editor.plist", "media-player.plist", "hex-editor.plist", "matroska-exporter.plist"]

    static func match(_ file: String, mime: String? = nil, apps names: [String] = apps) throws -> DocumentMatch? {
        let kind = DocumentKind(uti: FileTypes.uti(for: file), fileExtension: FileTypes.fileExtension(file), mimeType: mime)
        return DocumentMatcher.best(for: kind, apps: try installed(names))
    }

    @Test func theCleanOnesLoadWithNothingDropped() throws {
        for name in Self.apps {
            #expect(try Self.load(name).get().droppedEntries.isEmpty, "\(name)")
        }
    }

    @Test func declarationsAreRead() throws {
        let zim = try Self.load("zim-reader.plist").get()
        #expect(zim.exportedTypes == [UniformType("org.openzim.zim", conformsTo: ["public.data", "public.content"],
                                                  extensions: ["zim"], mimeTypes: ["application/x-openzim"])])
        let player = try Self.load("media-player.plist").get()
        #expect(player.importedTypes == [UniformType("org.matroska.mkv", conformsTo: ["public.movie"],
                                                     extensions: ["mkv"], mimeTypes: ["video/x-matroska"])])
    }

    /// A document type declared by UTI alone is reached through the app's exported declaration.
    @Test func aUTIOnlyTypeIsReachedThroughItsExportedDeclaration() throws {
        let match = try #require(try Self.match("wikipedia.zim"))
        #expect(match.app.bundleIdentifier == "org.example.zimreader")
        #expect(match.kind == .uti)
        #expect(match.typePath == ["org.openzim.zim"])
    }

    /// public.text claimed, a Python script opened: the most specific claim is found by conformance.
    @Test func aGenericUTIMatchesByConformance() throws {
        let match = try #require(try Self.match("tool.py", apps: ["text-editor.plist"]))
        #expect(match.kind == .conformance)
        #expect(match.declared == "public.text")
        #expect(match.typePath == ["public.python-script", "public.script", "public.source-code", "public.plain-text", "public.text"])
    }

    /// The most specific claim wins over a higher rank: `*` (Owner) loses to public.movie (Alternate).
    @Test func theMostSpecificClaimWinsThenRank() throws {
        let movie = try #require(try Self.match("clip.mp4"))
        #expect(movie.app.bundleIdentifier == "org.example.player")
        #expect(movie.distance == 1)
        let unknown = try #require(try Self.match("dump.bin"))
        #expect(unknown.app.bundleIdentifier == "org.example.hexeditor")
        #expect(unknown.kind == .anyFile)
    }

    /// org.matroska.mkv is imported by the player and exported by another app: the export wins
    /// (`mk3d` is its extension), and the player's claim on the type reaches both extensions.
    @Test func anExportedDeclarationWinsOverAnImportedOne() throws {
        for file in ["film.mkv", "film.mk3d"] {
            let match = try #require(try Self.match(file))
            #expect(match.app.bundleIdentifier == "org.example.player", "\(file)")
            #expect(match.declared == "org.matroska.mkv", "\(file)")
        }
    }

    /// With LSItemContentTypes present, CFBundleTypeExtensions is ignored, as on Apple's platforms.
    @Test func extensionsBesideUTIsAreIgnored() throws {
        #expect(try Self.match("letter.rtfx", apps: ["text-editor.plist"]) == nil)
    }

    @Test func anXcodeSourceManifestNamesItsBuildSettingAndItsScheme() {
        guard case .failure(let error) = Self.load("xcode-source.plist") else { Issue.record("loaded"); return }
        #expect(error.keyPath == "CFBundleIdentifier")
        #expect(error.message.hasPrefix("\"$(PRODUCT_BUNDLE_IDENTIFIER)\" is the unexpanded Xcode build setting PRODUCT_BUNDLE_IDENTIFIER; "))
        #expect(error.claimedSchemes == ["ddgnewsearch"])
    }

    @Test func aMissingIdentifierSaysXcodeAddsIt() {
        guard case .failure(let error) = Self.load("xcode-no-identifier.plist") else { Issue.record("loaded"); return }
        #expect(error.description == "xcode-no-identifier.plist: CFBundleIdentifier: is required (Xcode adds it from "
            + "PRODUCT_BUNDLE_IDENTIFIER when it builds the app): install the Info.plist from the built .app, or add the key")
        #expect(error.claimedSchemes == ["feedsapp"])
    }

    @Test func aPreprocessorLineIsNamedWithItsLine() {
        guard case .failure(let error) = Self.load("xcode-preprocessed.plist") else { Issue.record("loaded"); return }
        #expect(error.description == "xcode-preprocessed.plist: line 29 is an Xcode Info.plist preprocessor line (#ifdef DEBUG), "
            + "which only an Xcode build removes: install the Info.plist from the built .app")
    }

    /// A registry over a folder holding a skipped manifest knows the schemes it claims.
    @Test func aSkippedManifestsSchemesAreKnown() throws {
        let temp = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: temp.path + "/apps", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.folder.appendingPathComponent("xcode-source.plist").path,
                                         toPath: temp.path + "/apps/ddg.plist")
        let registry = Registry(folders: [temp.folder("apps", .user)])
        #expect(registry.skippedClaims(of: "ddgnewsearch").map(\.file) == ["ddg.plist"])
        #expect(throws: HandlerLookupFailure.noHandler(scheme: "ddgnewsearch", unreadable: 1, skipped: "ddg.plist")) {
            try registry.handler(scheme: "ddgnewsearch", forced: nil, defaults: HandlerDefaults())
        }
        #expect(HandlerLookupFailure.noHandler(scheme: "ddgnewsearch", unreadable: 1, skipped: "ddg.plist").message
            == "no app handles ddgnewsearch: URLs, but a skipped manifest (ddg.plist) claims it: see ferry doctor")
    }
}

extension RealWorldManifestTests {
    /// A received file offered as `public.data` (the sender knew no better) is identified by its
    /// extension through the receiver's declarations.
    @Test func aFileOfferedAsDataIsIdentifiedByItsExtension() throws {
        let kind = DocumentKind(uti: "public.data", fileExtension: "zim", mimeType: "application/octet-stream")
        let match = try #require(DocumentMatcher.best(for: kind, apps: try Self.installed(Self.apps)))
        #expect(match.app.bundleIdentifier == "org.example.zimreader")
        #expect(match.kind == .uti)
    }
}
