/// Where a `DBusActivatable=true` desktop entry is reached on the session bus, as the Desktop Entry
/// specification derives it from the desktop file id: `org.example.App.desktop` is the well-known
/// name `org.example.App` with its `org.freedesktop.Application` object at `/org/example/App`
/// (`.` becomes `/`, `-` becomes `_`).
public struct DBusActivation: Sendable, Equatable {
    /// The well-known bus name the app owns while it runs (the bus starts it on the first call).
    public var busName: String
    /// The object path of its `org.freedesktop.Application` interface.
    public var objectPath: String

    /// The interface every D-Bus activatable app implements.
    public static let interface = "org.freedesktop.Application"

    /// The activation of the desktop file `id`; nil when the id (without `.desktop`) is not a
    /// valid well-known bus name, since the specification then allows no D-Bus activation.
    public init?(desktopID id: String) {
        let name = id.hasSuffix(".desktop") ? String(id.dropLast(".desktop".count)) : id
        guard Self.isWellKnownName(name) else { return nil }
        busName = name
        objectPath = "/" + String(name.map { $0 == "." ? "/" : $0 == "-" ? "_" : $0 })
    }

    /// D-Bus's rules for a well-known name: at most 255 bytes, two or more non-empty elements
    /// separated by `.`, each of `[A-Za-z0-9_-]` and not starting with a digit.
    static func isWellKnownName(_ name: String) -> Bool {
        let elements = name.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard name.utf8.count <= 255, elements.count >= 2 else { return false }
        return elements.allSatisfy { element in
            guard let first = element.first, !first.isASCIIDigit else { return false }
            return element.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
        }
    }
}

extension InstalledApp {
    /// The manifest key a desktop entry's handler carries when D-Bus starts it.
    static let dbusActivatableKey = "DBusActivatable"

    /// How to reach this handler over D-Bus: set for a `DBusActivatable=true` desktop entry whose
    /// file id is a bus name; nil for every other app, which is started by its program.
    public var dbusActivation: DBusActivation? {
        guard isDesktopEntry, manifest.otherKeys[Self.dbusActivatableKey] == .boolean(true) else { return nil }
        return DBusActivation(desktopID: bundleIdentifier)
    }
}
