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

    @Test func rankBeatsTheKindOfMatchAndNoneNeverMatches() {
        let apps = [documentApp("com.a", [documentType(exts: ["py"], rank: .alternate)]),
                    documentApp("com.b", [documentType(mimes: ["text/plain"], rank: .owner)]),
                    documentApp("com.c", [documentType(utis: ["x"], exts: ["py"], rank: .none)])]
        #expect(DocumentMatcher.best(for: python, apps: apps)?.app.bundleIdentifier == "com.b")
    }

    @Test func excludedAppsNeverMatch() {
        let apps = [documentApp(Registry.filesApp, [documentType(mimes: ["text/plain"], rank: .owner)])]
        #expect(DocumentMatcher.best(for: python, apps: apps, excluding: [Registry.filesApp]) == nil)
    }
}
