@testable import FerryCore
import Testing

/// A small MIME hierarchy standing in for shared-mime-info: x-python < plain, every text/* < plain.
func testIsA(_ type: String, _ supertype: String) -> Bool {
    type == supertype || (supertype == "text/plain" && type.hasPrefix("text/"))
        || (supertype == "text/x-python" && type == "text/x-python3")
}

func documentApp(_ id: String, _ types: [Manifest.DocumentType]) -> InstalledApp {
    let manifest = Manifest(bundleIdentifier: id, urlTypes: [], documentTypes: types, queriesSchemes: [],
                            exitsOnSuspend: false, backgroundModes: [], program: nil, otherKeys: [:])
    return InstalledApp(manifest: manifest, bundlePath: "/apps/\(id).app", manifestPath: "/apps/\(id).app/Info.plist",
                        folder: AppFolder(path: "/apps", kind: .user), precedence: 0)
}

func documentType(utis: [String] = [], exts: [String] = [], mimes: [String] = [],
                  rank: Manifest.HandlerRank = .default) -> Manifest.DocumentType {
    Manifest.DocumentType(name: nil, contentTypes: utis, extensions: exts, mimeTypes: mimes, role: .viewer, rank: rank)
}

@Suite struct DocumentMatcherTests {
    let python = DocumentKind(uti: nil, fileExtension: "py", mimeType: "text/x-python", isA: testIsA)

    @Test func aSupertypeMatchesThroughIsA() throws {
        let apps = [documentApp("com.notes", [documentType(mimes: ["text/plain"])])]
        let match = try #require(DocumentMatcher.best(for: python, apps: apps))
        #expect(match.app.bundleIdentifier == "com.notes")
        #expect(match.kind == .mimeSupertype)
        #expect(match.declared == "text/plain")
    }

    @Test func withoutAMIMEDatabaseOnlyExactTypesMatch() {
        let exact = DocumentKind(uti: nil, fileExtension: "py", mimeType: "text/x-python")
        let apps = [documentApp("com.notes", [documentType(mimes: ["text/plain"])])]
        #expect(DocumentMatcher.best(for: exact, apps: apps) == nil)
    }

    @Test func utiThenExtensionThenMIMEThenSupertype() {
        let kind = DocumentKind(uti: "public.python-script", fileExtension: "PY", mimeType: "TEXT/X-PYTHON", isA: testIsA)
        var apps = [documentApp("com.a", [documentType(mimes: ["text/plain"])])]
        #expect(DocumentMatcher.best(for: kind, apps: apps)?.kind == .mimeSupertype)
        apps.append(documentApp("com.b", [documentType(mimes: ["text/x-python"])]))
        #expect(DocumentMatcher.best(for: kind, apps: apps)?.app.bundleIdentifier == "com.b")
        apps.append(documentApp("com.c", [documentType(exts: ["py"])]))
        #expect(DocumentMatcher.best(for: kind, apps: apps)?.kind == .fileExtension)
        apps.append(documentApp("com.d", [documentType(utis: ["public.python-script"])]))
        #expect(DocumentMatcher.best(for: kind, apps: apps)?.app.bundleIdentifier == "com.d")
    }

    /// Issue 28: the most specific claim wins, then the rank: an extension (Alternate) beats a
    /// MIME supertype (Owner); between equally specific claims the rank decides.
    @Test func theMostSpecificClaimWinsThenRankAndNoneNeverMatches() {
        var apps = [documentApp("com.a", [documentType(exts: ["py"], rank: .alternate)]),
                    documentApp("com.b", [documentType(mimes: ["text/plain"], rank: .owner)]),
                    documentApp("com.c", [documentType(utis: ["x"], exts: ["py"], rank: .none)])]
        #expect(DocumentMatcher.best(for: python, apps: apps)?.app.bundleIdentifier == "com.a")
        apps.append(documentApp("com.d", [documentType(mimes: ["text/x-python"], rank: .default)]))
        #expect(DocumentMatcher.best(for: python, apps: apps)?.app.bundleIdentifier == "com.d")
    }

    /// Conformance: public.plain-text is nearer to a Python script than public.text.
    @Test func aNearerUTIBeatsAFartherOneWhateverTheRank() throws {
        let apps = [documentApp("com.text", [documentType(utis: ["public.text"], rank: .owner)]),
                    documentApp("com.plain", [documentType(utis: ["public.plain-text"], rank: .alternate)])]
        let match = try #require(DocumentMatcher.best(for: python, apps: apps))
        #expect(match.app.bundleIdentifier == "com.plain")
        #expect(match.kind == .conformance)
        #expect(match.distance == 3)
    }

    /// LSItemContentTypes present: the type's extensions and MIME types are not used.
    @Test func utisHideTheExtensionsBesideThem() {
        let apps = [documentApp("com.a", [documentType(utis: ["com.acme.thing"], exts: ["py"], mimes: ["text/x-python"])])]
        #expect(DocumentMatcher.best(for: python, apps: apps) == nil)
    }

    /// `*` matches any file, after every other claim; public.data matches a file of no known type.
    @Test func anyFileAndData() throws {
        let blob = DocumentKind(uti: nil, fileExtension: "blob", mimeType: nil)
        var apps = [documentApp("com.any", [documentType(exts: ["*"], rank: .owner)])]
        #expect(DocumentMatcher.best(for: blob, apps: apps)?.kind == .anyFile)
        apps.append(documentApp("com.data", [documentType(utis: ["public.data"], rank: .alternate)]))
        let match = try #require(DocumentMatcher.best(for: blob, apps: apps))
        #expect(match.app.bundleIdentifier == "com.data")
        #expect(match.distance == 1)
    }

    @Test func excludedAppsNeverMatch() {
        let apps = [documentApp(Registry.filesApp, [documentType(mimes: ["text/plain"], rank: .owner)])]
        #expect(DocumentMatcher.best(for: python, apps: apps, excluding: [Registry.filesApp]) == nil)
    }
}
