@testable import FerryCore
import Testing
@testable import FerryDaemon
import FerryTransfer

@Suite struct TargetAppChooserTests {
    func app(_ id: String, _ types: [Manifest.DocumentType]) -> InstalledApp {
        let manifest = Manifest(bundleIdentifier: id, urlTypes: [], documentTypes: types, queriesSchemes: [],
                                exitsOnSuspend: false, backgroundModes: [], program: nil, otherKeys: [:])
        return InstalledApp(manifest: manifest, bundlePath: "/apps/\(id).app", manifestPath: "/apps/\(id).app/Info.plist",
                            folder: AppFolder(path: "/apps", kind: .user), precedence: 0)
    }

    func type(utis: [String] = [], exts: [String] = [], mimes: [String] = [], rank: Manifest.HandlerRank = .default) -> Manifest.DocumentType {
        Manifest.DocumentType(name: nil, contentTypes: utis, extensions: exts, mimeTypes: mimes, role: .viewer, rank: rank)
    }

    let jpeg = OfferedFile(id: "f0", path: "dir/photo.JPG", size: 1, sha256: "", uti: "public.jpeg", mime: "image/jpeg")

    @Test func theNamedAppWinsWhenInstalled() {
        let apps = [app("com.a", [type(utis: ["public.jpeg"], rank: .owner)]), app("com.b", [])]
        #expect(TargetAppChooser.choose(for: jpeg, preferred: "com.b", apps: apps) == ("com.b", true))
        #expect(TargetAppChooser.choose(for: jpeg, preferred: "com.missing", apps: apps) == ("com.a", true))
    }

    @Test func rankThenKindOfMatchThenName() {
        let byRank = [app("com.a", [type(utis: ["public.jpeg"], rank: .alternate)]), app("com.b", [type(mimes: ["image/jpeg"], rank: .owner)])]
        #expect(TargetAppChooser.choose(for: jpeg, preferred: nil, apps: byRank).app == "com.b")
        let byKind = [app("com.a", [type(mimes: ["image/jpeg"])]), app("com.b", [type(exts: ["jpg"])]), app("com.c", [type(utis: ["public.jpeg"])])]
        #expect(TargetAppChooser.choose(for: jpeg, preferred: nil, apps: byKind).app == "com.c")
        let tie = [app("com.z", [type(exts: ["jpg"])]), app("com.y", [type(exts: ["jpg"])])]
        #expect(TargetAppChooser.choose(for: jpeg, preferred: nil, apps: tie).app == "com.y")
    }

    @Test func rankNoneAndNoMatchFallBackToFiles() {
        let apps = [app("com.a", [type(utis: ["public.jpeg"], rank: .none)]), app("com.b", [type(exts: ["txt"])])]
        #expect(TargetAppChooser.choose(for: jpeg, preferred: nil, apps: apps) == (TargetAppChooser.filesApp, false))
    }
}
