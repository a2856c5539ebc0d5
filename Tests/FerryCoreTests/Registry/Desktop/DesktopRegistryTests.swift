import Foundation
import Testing
import FerryTestSupport
@testable import FerryCore

/// Desktop entries and mimeapps.list defaults in the registry, in temporary XDG folders.
@Suite struct DesktopRegistryTests {
    let temp: TemporaryFolder

    init() throws { temp = try TemporaryFolder() }

    var environment: [String: String] {
        ["HOME": temp.path, "XDG_DATA_HOME": temp.path + "/data", "XDG_DATA_DIRS": temp.path + "/share",
         "XDG_CONFIG_HOME": temp.path + "/config", "XDG_CONFIG_DIRS": temp.path + "/etc",
         "FERRY_APPS_PATH": temp.path + "/apps", "PATH": "/usr/bin:/bin"]
    }

    var paths: FerryPaths { FerryPaths(environment: environment, builtInSchemes: temp.path + "/builtin") }

    func desktop(_ id: String, in folder: String = "share/applications", _ body: String) throws {
        let path = temp.path + "/" + folder + "/" + id
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try ("[Desktop Entry]\nType=Application\n" + body).write(toFile: path, atomically: true, encoding: .utf8)
    }

    func mimeapps(_ folder: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: temp.path + "/" + folder, withIntermediateDirectories: true)
        try text.write(toFile: temp.path + "/" + folder + "/mimeapps.list", atomically: true, encoding: .utf8)
    }

    func resolve(_ scheme: String, filtered: Bool = false, defaults: HandlerDefaults = HandlerDefaults()) -> SchemeResolution {
        let registry = filtered ? Registry(paths: paths, filter: ManifestFilter(mentioning: [scheme])) : Registry(paths: paths)
        return registry.resolve(scheme: scheme, defaults: defaults)
    }

    @Test(arguments: [false, true])
    func aDesktopEntryHandlesWhatNoFerryAppClaims(filtered: Bool) throws {
        try desktop("org.acme.Todo.desktop", "Exec=todo --open %U\nMimeType=x-scheme-handler/todolist;\n")
        try desktop("other.desktop", "Exec=other %u\nMimeType=x-scheme-handler/other;\n")
        let resolution = resolve("todolist", filtered: filtered)
        #expect(resolution.handler?.bundleIdentifier == "org.acme.Todo.desktop")
        #expect(resolution.handler?.isDesktopEntry == true)
        #expect(resolution.handler?.manifest.program == .arguments(["todo", "--open", "%u"]))
        #expect(resolution.rule == .desktopEntry)
        #expect(resolution.claims.map(\.label) == ["org.acme.Todo.desktop (Alternate, desktop entry)"])
    }

    @Test func aFerryManifestWinsOverADesktopEntryEvenAtAlternate() throws {
        try temp.writeApp("todo", app("com.acme.todo", ["todolist"], rank: "Alternate"))
        try desktop("todo.desktop", "Exec=todo %u\nMimeType=x-scheme-handler/todolist;\n")
        let resolution = resolve("todolist")
        #expect(resolution.handler?.bundleIdentifier == "com.acme.todo")
        #expect(resolution.rule == .rank)
        #expect(resolution.conflict.isEmpty)
        #expect(resolution.claims.map(\.label) == ["com.acme.todo (Alternate)", "todo.desktop (Alternate, desktop entry)"])
    }

    @Test(arguments: [false, true])
    func theUsersMimeappsDefaultBeatsAFerryManifest(filtered: Bool) throws {
        try temp.writeApp("todo", app("com.acme.todo", ["todolist"], rank: "Owner"))
        // No MimeType: a default the user set with xdg-mime counts anyway, as for xdg-open.
        try desktop("mine.desktop", in: "data/applications", "Exec=mine %u\n")
        try mimeapps("config", "[Default Applications]\nx-scheme-handler/todolist=missing.desktop;mine.desktop\n")
        let resolution = resolve("todolist", filtered: filtered)
        #expect(resolution.handler?.bundleIdentifier == "mine.desktop")
        #expect(resolution.rule == .desktopDefault)
        #expect(resolution.mimeAppsFile == temp.path + "/config/mimeapps.list")
    }

    @Test func ferryDefaultBeatsTheMimeappsDefault() throws {
        try temp.writeApp("todo", app("com.acme.todo", ["todolist"]))
        try desktop("Mine.desktop", "Exec=mine %u\nMimeType=x-scheme-handler/todolist;\n")
        try mimeapps("config", "[Default Applications]\nx-scheme-handler/todolist=Mine.desktop\n")
        let resolution = resolve("todolist", defaults: HandlerDefaults(choices: ["todolist": "com.acme.todo"]))
        #expect(resolution.handler?.bundleIdentifier == "com.acme.todo")
        #expect(resolution.rule == .userDefault)
        let chosenDesktop = resolve("todolist", defaults: HandlerDefaults(choices: ["todolist": "Mine.desktop"]))
        #expect(chosenDesktop.handler?.bundleIdentifier == "Mine.desktop")
        #expect(chosenDesktop.rule == .userDefault)
    }

    /// With a Ferry app claiming the scheme, ferry open lists no folder: only named entries are read.
    @Test func aSettledSchemeReadsOnlyNamedEntries() throws {
        try temp.writeApp("todo", app("com.acme.todo", ["todolist"]))
        try desktop("kde/Chosen.desktop", "Exec=chosen %u\nMimeType=x-scheme-handler/todolist;\n")
        try desktop("other.desktop", "Exec=other %u\nMimeType=x-scheme-handler/todolist;\n")
        let filter = ManifestFilter(mentioning: ["todolist", "kde-Chosen.desktop"])
        let registry = Registry(paths: paths, filter: filter)
        #expect(registry.apps.map(\.bundleIdentifier) == ["com.acme.todo", "kde-Chosen.desktop"])
        let resolution = registry.resolve(scheme: "todolist", defaults: HandlerDefaults(choices: ["todolist": "kde-Chosen.desktop"]))
        #expect(resolution.handler?.manifest.program == .arguments(["chosen", "%u"]))
        // Unsettled (no Ferry app claims it): every folder is scanned.
        #expect(Registry(paths: paths, filter: ManifestFilter(mentioning: ["other"])).apps.isEmpty)
        try desktop("x.desktop", "Exec=x %u\nMimeType=x-scheme-handler/other;\n")
        #expect(Registry(paths: paths, filter: ManifestFilter(mentioning: ["other"])).apps.map(\.bundleIdentifier) == ["x.desktop"])
    }

    @Test func aSystemMimeappsDefaultOnlyOrdersDesktopEntries() throws {
        try desktop("a.desktop", "Exec=a %u\nMimeType=x-scheme-handler/todolist;\n")
        try desktop("b.desktop", "Exec=b %u\nMimeType=x-scheme-handler/todolist;\n")
        try mimeapps("etc", "[Default Applications]\nx-scheme-handler/todolist=b.desktop\n")
        var resolution = resolve("todolist")
        #expect(resolution.handler?.bundleIdentifier == "b.desktop")
        #expect(resolution.rule == .desktopEntry)
        #expect(resolution.mimeAppsFile == temp.path + "/etc/mimeapps.list")
        try temp.writeApp("todo", app("com.acme.todo", ["todolist"], rank: "Alternate"))
        resolution = resolve("todolist")
        #expect(resolution.handler?.bundleIdentifier == "com.acme.todo")
        #expect(resolution.claims.map(\.app.bundleIdentifier) == ["com.acme.todo", "b.desktop", "a.desktop"])
    }

    @Test func ferrysOwnBridgeIsNeverAHandler() throws {
        try temp.writeApp("todo", app("com.acme.todo", ["todolist"]))
        try desktop("ferry-open.desktop", in: "data/applications",
                    "Exec=/usr/bin/ferry open %u\nMimeType=x-scheme-handler/todolist;\nX-Ferry-Integration=true\n")
        try mimeapps("config", "[Default Applications]\nx-scheme-handler/todolist=ferry-open.desktop\n")
        let resolution = resolve("todolist")
        #expect(resolution.handler?.bundleIdentifier == "com.acme.todo")
        #expect(resolution.rule == .rank)
        #expect(!resolution.claims.contains { $0.app.bundleIdentifier == "ferry-open.desktop" })
    }

    @Test func hiddenEntriesMaskAndUninstalledProgramsDrop() throws {
        try desktop("a.desktop", in: "data/applications", "Hidden=true\n")
        try desktop("a.desktop", "Exec=a %u\nMimeType=x-scheme-handler/todolist;\n")
        try desktop("b.desktop", "Exec=b %u\nTryExec=/nonexistent/b\nMimeType=x-scheme-handler/todolist;\n")
        try desktop("c.desktop", "Exec=c %u\nTryExec=sh\nMimeType=x-scheme-handler/todolist;\n")
        #expect(resolve("todolist").claims.map(\.app.bundleIdentifier) == ["c.desktop"])
    }

    @Test func addedAndRemovedAssociations() throws {
        try desktop("a.desktop", "Exec=a %u\nMimeType=x-scheme-handler/todolist;\n")
        try desktop("b.desktop", "Exec=b %u\n")
        try mimeapps("etc", "[Added Associations]\nx-scheme-handler/todolist=b.desktop;\n")
        try mimeapps("config", "[Removed Associations]\nx-scheme-handler/todolist=a.desktop;\n")
        #expect(resolve("todolist").claims.map(\.app.bundleIdentifier) == ["b.desktop"])
        #expect(resolve("todolist", filtered: true).claims.map(\.app.bundleIdentifier) == ["b.desktop"])
    }

    @Test func subfolderIdsAndTheUserFolderFirst() throws {
        try desktop("kde/todo.desktop", "Exec=system %u\nMimeType=x-scheme-handler/todolist;\n")
        try desktop("kde-todo.desktop", in: "data/applications", "Exec=user %u\nMimeType=x-scheme-handler/todolist;\n")
        let resolution = resolve("todolist")
        #expect(resolution.claims.map(\.app.bundleIdentifier) == ["kde-todo.desktop"])
        #expect(resolution.handler?.manifest.program == .arguments(["user", "%u"]))
    }

    @Test func theFilterSkipsEntriesForOtherSchemes() throws {
        try desktop("a.desktop", "Exec=a %u\nMimeType=x-scheme-handler/todolist;\n")
        try desktop("broken.desktop", "Exec=\"b\nMimeType=x-scheme-handler/other;\n")
        let registry = Registry(paths: paths, filter: ManifestFilter(mentioning: ["todolist"]))
        #expect(registry.desktopDiagnostics.isEmpty)
        #expect(Registry(paths: paths).desktopDiagnostics.map(\.reason) == ["Exec has an unterminated double quote"])
    }

    @Test func desktopEntriesAreOffWithTheSwitch() throws {
        try desktop("a.desktop", "Exec=a %u\nMimeType=x-scheme-handler/todolist;\n")
        var environment = environment
        environment["FERRY_DESKTOP_ENTRIES"] = "0"
        let registry = Registry(paths: FerryPaths(environment: environment, builtInSchemes: nil))
        #expect(registry.resolve(scheme: "todolist").handler == nil)
    }

    @Test func reservedSchemesIgnoreDesktopEntriesQuietly() throws {
        try temp.writeApp("web", in: "builtin", app("org.ferry.system.web", ["http"], rank: "Owner"))
        try desktop("firefox.desktop", "Exec=firefox %u\nMimeType=x-scheme-handler/http;\n")
        try mimeapps("config", "[Default Applications]\nx-scheme-handler/http=firefox.desktop\n")
        let resolution = resolve("http")
        #expect(resolution.rule == .reserved)
        #expect(resolution.ignoredClaims.isEmpty)
    }

    @Test func mimeappsFilesFollowTheSpecsOrder() {
        var environment = environment
        environment["XDG_CURRENT_DESKTOP"] = "GNOME:Unity"
        let files = DesktopPaths(environment: environment).mimeAppsFiles.map {
            ($0.path.replacingOccurrences(of: temp.path, with: ""), $0.isUsers)
        }
        #expect(files.map(\.0) == [
            "/config/gnome-mimeapps.list", "/config/unity-mimeapps.list", "/config/mimeapps.list",
            "/etc/gnome-mimeapps.list", "/etc/unity-mimeapps.list", "/etc/mimeapps.list",
            "/data/applications/gnome-mimeapps.list", "/data/applications/unity-mimeapps.list",
            "/data/applications/mimeapps.list",
            "/share/applications/gnome-mimeapps.list", "/share/applications/unity-mimeapps.list",
            "/share/applications/mimeapps.list",
        ])
        #expect(files.map(\.1) == [true, true, true, false, false, false, true, true, true, false, false, false])
    }
}
