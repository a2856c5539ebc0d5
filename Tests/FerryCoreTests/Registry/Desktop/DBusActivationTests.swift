import Foundation
import Testing
import FerryTestSupport
@testable import FerryCore

/// `DBusActivatable=true` desktop entries: the bus name and object path the specification derives,
/// and their place among the handlers.
@Suite struct DBusActivationTests {
    @Test(arguments: [
        ("org.example.App.desktop", "org.example.App", "/org/example/App"),
        ("org.gnome.Maps.desktop", "org.gnome.Maps", "/org/gnome/Maps"),
        ("org.example.my-app.desktop", "org.example.my-app", "/org/example/my_app"),
        ("com.acme_2.Tool.desktop", "com.acme_2.Tool", "/com/acme_2/Tool"),
    ])
    func theNameAndPathComeFromTheFileID(_ id: String, _ name: String, _ path: String) throws {
        let activation = try #require(DBusActivation(desktopID: id))
        #expect(activation.busName == name)
        #expect(activation.objectPath == path)
    }

    @Test(arguments: ["firefox.desktop", "org..App.desktop", "org.2example.App.desktop", ".org.App.desktop",
                      "org.exa mple.App.desktop", "org.example.Äpp.desktop", "org." + String(repeating: "a", count: 260) + ".desktop"])
    func anIDThatIsNoBusNameHasNoActivation(_ id: String) {
        #expect(DBusActivation(desktopID: id) == nil)
    }

    @Test func anEntryWithoutExecIsAHandlerWhenItIsDBusActivatable() throws {
        let text = "[Desktop Entry]\nType=Application\nName=Maps\nDBusActivatable=true\nMimeType=x-scheme-handler/maps;\n"
        let entry = try DesktopEntry(parsing: text, id: "org.gnome.Maps.desktop", path: "/a/org.gnome.Maps.desktop")
        #expect(entry.dbus == DBusActivation(desktopID: "org.gnome.Maps.desktop"))
        #expect(entry.schemes == ["maps"])
        #expect(entry.exec.template.isEmpty)
    }

    @Test func dbusWinsOverExecAndABrokenExecDoesNotMatter() throws {
        let both = "[Desktop Entry]\nType=Application\nDBusActivatable=true\nExec=maps %u\n"
        let entry = try DesktopEntry(parsing: both, id: "org.gnome.Maps.desktop", path: "/a/m.desktop")
        #expect(entry.dbus?.busName == "org.gnome.Maps")
        #expect(entry.exec.template == ["maps", "%u"])
        let broken = "[Desktop Entry]\nType=Application\nDBusActivatable=true\nExec=\"maps\n"
        #expect(try DesktopEntry(parsing: broken, id: "org.gnome.Maps.desktop", path: "/a/m.desktop").dbus != nil)
    }

    @Test func dbusActivatableFalseOrABadNameKeepsExec() throws {
        let off = "[Desktop Entry]\nType=Application\nDBusActivatable=false\nExec=maps %u\n"
        #expect(try DesktopEntry(parsing: off, id: "org.gnome.Maps.desktop", path: "/a/m.desktop").dbus == nil)
        let badName = "[Desktop Entry]\nType=Application\nDBusActivatable=true\nExec=maps %u\n"
        #expect(try DesktopEntry(parsing: badName, id: "maps.desktop", path: "/a/maps.desktop").dbus == nil)
    }
}

/// D-Bus entries in the registry, in temporary XDG folders: the same precedence as other entries.
@Suite struct DBusActivationRegistryTests {
    let temp: TemporaryFolder

    init() throws { temp = try TemporaryFolder() }

    var paths: FerryPaths {
        let environment = ["HOME": temp.path, "XDG_DATA_HOME": temp.path + "/data", "XDG_DATA_DIRS": temp.path + "/share",
                           "XDG_CONFIG_HOME": temp.path + "/config", "XDG_CONFIG_DIRS": temp.path + "/etc",
                           "FERRY_APPS_PATH": temp.path + "/apps", "PATH": "/usr/bin:/bin"]
        return FerryPaths(environment: environment, builtInSchemes: temp.path + "/builtin")
    }

    func desktop(_ id: String, _ body: String) throws {
        let folder = temp.path + "/share/applications"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try ("[Desktop Entry]\nType=Application\n" + body).write(toFile: folder + "/" + id, atomically: true, encoding: .utf8)
    }

    @Test(arguments: [false, true])
    func aDBusEntryHandlesItsSchemeAndSaysSo(filtered: Bool) throws {
        try desktop("org.example.Maps.desktop", "DBusActivatable=true\nMimeType=x-scheme-handler/geo;\n")
        let registry = filtered ? Registry(paths: paths, filter: ManifestFilter(mentioning: ["geo"])) : Registry(paths: paths)
        let resolution = registry.resolve(scheme: "geo")
        let handler = try #require(resolution.handler)
        #expect(handler.bundleIdentifier == "org.example.Maps.desktop")
        #expect(handler.dbusActivation == DBusActivation(desktopID: "org.example.Maps.desktop"))
        #expect(handler.manifest.program == nil)
        #expect(handler.source == "desktop entry, D-Bus")
        #expect(resolution.rule == .desktopEntry)
        #expect(resolution.claims.map(\.label) == ["org.example.Maps.desktop (Alternate, desktop entry, D-Bus)"])
        #expect(registry.desktopDiagnostics.isEmpty)
    }

    @Test func aFerryManifestStillWinsOverADBusEntry() throws {
        try temp.writeApp("geo", app("com.acme.geo", ["geo"], rank: "Alternate"))
        try desktop("org.example.Maps.desktop", "DBusActivatable=true\nExec=maps %u\nMimeType=x-scheme-handler/geo;\n")
        let resolution = Registry(paths: paths).resolve(scheme: "geo")
        #expect(resolution.handler?.bundleIdentifier == "com.acme.geo")
        #expect(resolution.claims.map(\.label) == ["com.acme.geo (Alternate)", "org.example.Maps.desktop (Alternate, desktop entry, D-Bus)"])
    }

    @Test func aDBusEntryWithExecKeepsItForFerryWithoutADaemon() throws {
        try desktop("org.example.Maps.desktop", "DBusActivatable=true\nExec=maps --open %u\nMimeType=x-scheme-handler/geo;\n")
        let handler = try #require(Registry(paths: paths).resolve(scheme: "geo").handler)
        #expect(handler.dbusActivation?.objectPath == "/org/example/Maps")
        #expect(handler.manifest.program == .arguments(["maps", "--open", "%u"]))
    }

    @Test func anEntryThatCannotStartEitherWayIsADiagnostic() throws {
        try desktop("maps.desktop", "DBusActivatable=true\nMimeType=x-scheme-handler/geo;\n")
        let registry = Registry(paths: paths)
        #expect(registry.resolve(scheme: "geo").handler == nil)
        #expect(registry.desktopDiagnostics.map(\.reason) == ["is DBusActivatable but its file name, maps, is not a D-Bus name, and it has no Exec key"])
    }
}
