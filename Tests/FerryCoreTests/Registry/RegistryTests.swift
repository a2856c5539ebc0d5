import Foundation
import Testing
@testable import FerryCore
import FerryTestSupport

@Suite(.offThePool) struct RegistryTests {
    @Test func higherFolderWinsForTheSameBundleIdentifier() throws {
        let temp = try TemporaryFolder()
        try temp.writeApp("todo", in: "user", app("com.acme.todo", ["todolist"]))
        try temp.writeApp("todo-old", in: "system", app("com.acme.todo", ["todo"]))
        let registry = Registry(folders: [temp.folder("user", .user), temp.folder("system", .system)])
        #expect(registry.apps.map(\.bundleIdentifier) == ["com.acme.todo"])
        #expect(registry.app("com.acme.todo")?.folder.kind == .user)
        #expect(registry.shadowed.map(\.app.bundlePath) == [temp.path + "/system/todo-old.app"])
    }

    @Test func aBadManifestNeverHidesTheOthers() throws {
        let temp = try TemporaryFolder()
        try temp.writeApp("good", app("com.acme.good", ["good"]))
        try temp.writeApp("bad", app("to do", ["bad"]))
        try "<plist><dict>".write(toFile: temp.path + "/apps/broken.plist", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: temp.path + "/apps/empty.app", withIntermediateDirectories: true)
        let registry = Registry(folders: [temp.folder("apps", .user)])
        #expect(registry.apps.map(\.bundleIdentifier) == ["com.acme.good"])
        #expect(registry.diagnostics.map(\.file).sorted() == ["bad.app/Info.plist", "broken.plist", "empty.app/Info.plist"])
        #expect(registry.diagnostics.contains { $0.description == "bad.app/Info.plist: CFBundleIdentifier: \"to do\" is not a reverse-DNS identifier (like com.example.todo)" })
    }

    /// ferry and ferryd find a URL's app through this one lookup, and say the same when there is none.
    @Test func theHandlerLookupNamesWhatIsMissing() throws {
        let temp = try TemporaryFolder()
        try temp.writeApp("todo", app("com.acme.todo", ["todolist"]))
        try "<plist><dict>".write(toFile: temp.path + "/apps/broken.plist", atomically: true, encoding: .utf8)
        let registry = Registry(folders: [temp.folder("apps", .user)])
        #expect(try registry.handler(scheme: "todolist", forced: nil, defaults: HandlerDefaults()).bundleIdentifier == "com.acme.todo")
        #expect(try registry.handler(scheme: "other", forced: "com.acme.todo", defaults: HandlerDefaults()).bundleIdentifier == "com.acme.todo")
        #expect(throws: HandlerLookupFailure.unknownApp("com.nope")) {
            try registry.handler(scheme: "todolist", forced: "com.nope", defaults: HandlerDefaults())
        }
        #expect(throws: HandlerLookupFailure.noHandler(scheme: "bad2", unreadable: 1)) {
            try registry.handler(scheme: "bad2", forced: nil, defaults: HandlerDefaults())
        }
        #expect(HandlerLookupFailure.noHandler(scheme: "bad2", unreadable: 1).message
            == "no app handles bad2: URLs; install one with ferry install, or see ferry schemes (1 manifest(s) could not be read: run ferry doctor)")
        #expect(HandlerLookupFailure.unknownApp("com.nope").message == "no app com.nope is installed; see ferry apps")
    }

    /// Issue 13 §3: one bad scheme costs that scheme; the app and its good schemes stay.
    @Test func aBadSchemeIsDroppedAndTheAppStays() throws {
        let temp = try TemporaryFolder()
        try temp.writeApp("todo", app("com.acme.todo", ["todo", "$(PRODUCT_BUNDLE_IDENTIFIER)"]))
        let registry = Registry(folders: [temp.folder("apps", .user)])
        #expect(registry.diagnostics.isEmpty)
        #expect(registry.apps.map(\.bundleIdentifier) == ["com.acme.todo"])
        #expect(registry.claimedSchemes == ["todo"])
        #expect(registry.droppedEntries.map(\.description) == [
            "todo.app/Info.plist: CFBundleURLTypes[0].CFBundleURLSchemes[1]: \"$(PRODUCT_BUNDLE_IDENTIFIER)\" is the unexpanded Xcode "
                + "build setting PRODUCT_BUNDLE_IDENTIFIER; install the Info.plist from the built .app, or give the value: "
                + "ferry install --set PRODUCT_BUNDLE_IDENTIFIER=VALUE PATH; the scheme is dropped",
        ])
    }

    /// Issue 19: a program reached through a link out of the bundle, a `.app` that is a link to a
    /// folder elsewhere, and an `Info.plist` linked from elsewhere are each refused with one line.
    @Test func linksOutOfTheBundleOrTheAppsFolderAreRefused() throws {
        let temp = try TemporaryFolder()
        let fm = FileManager.default
        try temp.writeApp("good", app("com.acme.good", ["good"]))
        try fm.createFile(atPath: temp.path + "/apps/good.app/run", contents: Data("#!/bin/sh\n".utf8),
                          attributes: [.posixPermissions: 0o755])
        try temp.writeApp("linked-bin", app("com.acme.linkedbin", ["lb"], extra: ["CFBundleExecutable": "bin/echo"]))
        try fm.createSymbolicLink(atPath: temp.path + "/apps/linked-bin.app/bin", withDestinationPath: "/bin")
        try temp.writeApp("outside", in: "elsewhere", app("com.acme.outside", ["out"]))
        try fm.createSymbolicLink(atPath: temp.path + "/apps/outside.app", withDestinationPath: temp.path + "/elsewhere/outside.app")
        try fm.createDirectory(atPath: temp.path + "/apps/stolen.app", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: temp.path + "/apps/stolen.app/Info.plist",
                                  withDestinationPath: temp.path + "/elsewhere/outside.app/Info.plist")
        let registry = Registry(folders: [temp.folder("apps", .user)])
        #expect(registry.apps.map(\.bundleIdentifier) == ["com.acme.good"])
        let lines = registry.diagnostics.map(\.description).sorted()
        let resolved = try #require(FileSystem.resolved(temp.path))
        #expect(lines == [
            "linked-bin.app/Info.plist: CFBundleExecutable: \"bin/echo\" resolves to /usr/bin/echo, outside its bundle; copy it inside instead of linking",
            "outside.app/Info.plist: the app resolves to \(resolved)/elsewhere/outside.app, outside its apps folder \(temp.path)/apps; copy it inside instead of linking",
            "stolen.app/Info.plist: the manifest resolves to \(resolved)/elsewhere/outside.app/Info.plist, outside its bundle; copy it inside instead of linking",
        ])
    }

    /// The hostile manifests of the outside attack, read the way `ferry apps` and ferryd read a
    /// folder: each is one diagnostic line, the good app still loads, nothing crashes.
    @Test func hostileManifestsAreOneLineEachThroughTheRegistry() throws {
        let temp = try TemporaryFolder()
        try temp.writeApp("good", app("com.acme.good", ["good"]))
        let deep = "<plist><dict><key>CFBundleIdentifier</key><string>com.a.b</string><key>X</key>"
            + String(repeating: "<array >", count: 200_000)
        try Data(deep.utf8).write(to: URL(fileURLWithPath: temp.path + "/apps/deep.plist"))
        try PropertyListDepthTests.hugeCountBinary.write(to: URL(fileURLWithPath: temp.path + "/apps/count.plist"))
        let registry = Registry(folders: [temp.folder("apps", .user)])
        #expect(registry.apps.map(\.bundleIdentifier) == ["com.acme.good"])
        let lines = registry.diagnostics.map(\.description).sorted()
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("count.plist: is not a valid property list") == true)
        #expect(lines.last == "deep.plist: nests 200002 levels deep; at most 512 are allowed")
        #expect(lines.allSatisfy { !$0.contains("\n") })
    }

    @Test func standalonePlistsAndHiddenEntries() throws {
        let temp = try TemporaryFolder()
        try temp.writeApp("man", bundle: false, app("org.ferry.man", ["man"]))
        try temp.writeApp(".installing-1-x", app("com.acme.hidden", ["hidden"]))
        let registry = Registry(folders: [temp.folder("apps", .user)])
        #expect(registry.apps.map(\.bundleIdentifier) == ["org.ferry.man"])
        #expect(registry.apps.first?.baseDirectory == temp.path + "/apps")
    }
}

@Suite(.offThePool) struct SchemeResolutionTests {
    let temp: TemporaryFolder
    let folders: [AppFolder]

    init() throws {
        temp = try TemporaryFolder()
        folders = [temp.folder("user", .user), temp.folder("system", .system), temp.folder("builtin", .builtIn)]
        try temp.writeApp("web", in: "builtin", app("org.ferry.system.web", ["http", "https"], rank: "Owner"))
    }

    var registry: Registry { Registry(folders: folders) }

    @Test func reservedSchemesGoToTheSystemHandler() throws {
        try temp.writeApp("browser", in: "user", app("com.evil.browser", ["HTTP"], rank: "Owner"))
        let resolution = registry.resolve(scheme: "Http", defaults: HandlerDefaults(choices: ["http": "com.evil.browser"]))
        #expect(resolution.handler?.bundleIdentifier == "org.ferry.system.web")
        #expect(resolution.rule == .reserved)
        #expect(resolution.ignoredClaims.map(\.app.bundleIdentifier) == ["com.evil.browser"])
        #expect(registry.reservedSchemes == ["http", "https"])
    }

    @Test func theUsersChoiceBeatsRank() throws {
        try temp.writeApp("a", in: "user", app("com.a", ["todolist"], rank: "Owner"))
        try temp.writeApp("b", in: "system", app("com.b", ["todolist"], rank: "Alternate"))
        let resolution = registry.resolve(scheme: "todolist", defaults: HandlerDefaults(choices: ["todolist": "com.b"]))
        #expect(resolution.handler?.bundleIdentifier == "com.b")
        #expect(resolution.rule == .userDefault)
        #expect(resolution.conflict.isEmpty)
    }

    @Test func aChoiceThatCannotBeHonouredFallsThroughAndSaysWhy() throws {
        try temp.writeApp("a", in: "user", app("com.a", ["todolist"]))
        try temp.writeApp("c", in: "user", app("com.c", ["other"]))
        let missing = registry.resolve(scheme: "todolist", defaults: HandlerDefaults(choices: ["todolist": "com.gone"]))
        #expect(missing.handler?.bundleIdentifier == "com.a")
        #expect(missing.unusableDefault == "the chosen handler com.gone is not installed")
        let undeclared = registry.resolve(scheme: "todolist", defaults: HandlerDefaults(choices: ["todolist": "com.c"]))
        #expect(undeclared.unusableDefault == "the chosen handler com.c no longer declares todolist:")
    }

    @Test func theHighestRankWinsAndNoneNeverHandles() throws {
        try temp.writeApp("a", in: "user", app("com.a", ["todolist"], rank: "Alternate"))
        try temp.writeApp("b", in: "system", app("com.b", ["todolist"], rank: "Owner"))
        try temp.writeApp("c", in: "user", app("com.c", ["todolist", "only"], rank: "None"))
        let resolution = registry.resolve(scheme: "todolist")
        #expect(resolution.handler?.bundleIdentifier == "com.b")
        #expect(resolution.rule == .rank)
        #expect(resolution.claims.map(\.app.bundleIdentifier) == ["com.b", "com.a"])
        #expect(registry.resolve(scheme: "only").handler == nil)
    }

    @Test func ties_preferTheEarlierFolderThenTheSmallerIdentifier_andAreReported() throws {
        try temp.writeApp("z", in: "user", app("com.z", ["todolist"]))
        try temp.writeApp("b", in: "user", app("com.b", ["todolist"]))
        try temp.writeApp("a", in: "system", app("com.a", ["todolist"]))
        let resolution = registry.resolve(scheme: "todolist")
        #expect(resolution.handler?.bundleIdentifier == "com.b")
        #expect(resolution.rule == .tieBreak)
        #expect(resolution.conflict.map(\.bundleIdentifier) == ["com.b", "com.z", "com.a"])
    }

    @Test func theBestRankAmongAnAppsURLTypesCounts() throws {
        try temp.writeApp("a", in: "user", [
            "CFBundleIdentifier": "com.a",
            "CFBundleURLTypes": [["CFBundleURLSchemes": ["x"], "LSHandlerRank": "Alternate"],
                                 ["CFBundleURLSchemes": ["x"], "LSHandlerRank": "Owner"]],
        ])
        try temp.writeApp("b", in: "user", app("com.b", ["x"], rank: "Default"))
        #expect(registry.resolve(scheme: "x").handler?.bundleIdentifier == "com.a")
    }

    @Test func theFilteredRegistryResolvesLikeTheFullOne() throws {
        try temp.writeApp("a", in: "user", app("com.a", ["todolist"], rank: "Alternate"))
        try temp.writeApp("b", in: "system", app("com.b", ["TODOLIST"], rank: "Owner"))
        try temp.writeApp("c", in: "user", app("com.c", ["other"]))
        let filtered = Registry(folders: folders, filter: ManifestFilter(mentioning: ["todolist"]))
        #expect(filtered.apps.map(\.bundleIdentifier) == ["com.a", "com.b"])
        #expect(filtered.resolve(scheme: "todolist") == registry.resolve(scheme: "todolist"))
    }
}
