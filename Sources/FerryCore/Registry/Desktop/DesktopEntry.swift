/// An installed `.desktop` file that handles URL schemes (`MimeType=x-scheme-handler/SCHEME;`),
/// as the Desktop Entry specification describes it.
public struct DesktopEntry: Sendable, Equatable {
    /// The desktop file id: the path below `applications/`, `/` replaced by `-` (`org.gnome.Maps.desktop`).
    public var id: String
    /// The file.
    public var path: String
    /// `Name`.
    public var name: String?
    /// The schemes of its `x-scheme-handler/…` MIME types, lowercased.
    public var schemes: [String]
    /// `Exec` as an argv template (see ``DesktopExec``); empty for a D-Bus entry without `Exec`.
    var exec: DesktopExec
    /// `DBusActivatable=true` with a file id that is a D-Bus name: the app is started and handed
    /// URLs over D-Bus (`org.freedesktop.Application.Open`), which wins over `Exec`.
    public var dbus: DBusActivation?
    /// `Hidden=true`: the entry is deleted, and hides same-id entries in later folders.
    public var hidden: Bool
    /// `TryExec`: a program that must exist for the entry to count.
    public var tryExec: String?
    /// Whether this is Ferry's own bridge entry (`X-Ferry-Integration=true`): never a handler,
    /// or `ferry open` would hand URLs to itself.
    public var isFerryBridge: Bool

    /// The MIME type prefix that declares a URL scheme handler.
    public static let schemePrefix = "x-scheme-handler/"

    /// Reads an entry from the text of a `.desktop` file.
    ///
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - id: Its desktop file id.
    ///   - path: Where it is, for `%k` and messages.
    /// - Throws: ``DesktopEntryError`` when it is not an application entry that can be started.
    public init(parsing text: String, id: String, path: String) throws(DesktopEntryError) {
        let file = DesktopKeyFile(parsing: text)
        let group = "Desktop Entry"
        guard file.groups[group] != nil else { throw DesktopEntryError(path: path, reason: "has no [Desktop Entry] group") }
        self.id = id
        self.path = path
        name = file.string("Name", in: group)
        hidden = file.bool("Hidden", in: group)
        isFerryBridge = file.bool("X-Ferry-Integration", in: group)
        schemes = file.list("MimeType", in: group).compactMap(Self.scheme(ofMimeType:))
        if hidden {
            exec = DesktopExec.empty
            return
        }
        let type = file.string("Type", in: group)
        guard type == "Application" else {
            throw DesktopEntryError(path: path, reason: "Type is \(type.map { "\"\($0)\"" } ?? "missing"), not Application")
        }
        dbus = file.bool("DBusActivatable", in: group) ? DBusActivation(desktopID: id) : nil
        tryExec = file.string("TryExec", in: group)
        exec = try Self.exec(in: file, group, id: id, path: path, name: name, viaDBus: dbus != nil)
    }

    /// `Exec` as a template; empty when D-Bus starts the app and its `Exec` is missing or broken
    /// (only `ferry` without ferryd would use it).
    private static func exec(in file: DesktopKeyFile, _ group: String, id: String, path: String, name: String?,
                             viaDBus: Bool) throws(DesktopEntryError) -> DesktopExec {
        guard let line = file.string("Exec", in: group) else {
            if viaDBus { return .empty }
            throw DesktopEntryError(path: path, reason: missingExec(dbusActivatable: file.bool("DBusActivatable", in: group), id: id))
        }
        do {
            return try DesktopExec(line, name: name, icon: file.string("Icon", in: group), entryPath: path)
        } catch {
            if viaDBus { return .empty }
            throw DesktopEntryError(path: path, reason: error.reason)
        }
    }

    private static func missingExec(dbusActivatable: Bool, id: String) -> String {
        guard dbusActivatable else { return "has no Exec key" }
        let name = id.hasSuffix(".desktop") ? String(id.dropLast(".desktop".count)) : id
        return "is DBusActivatable but its file name, \(name), is not a D-Bus name, and it has no Exec key"
    }

    /// The scheme a MIME type such as `x-scheme-handler/todolist` declares.
    static func scheme(ofMimeType type: String) -> String? {
        let lower = type.lowercased()
        guard lower.hasPrefix(schemePrefix) else { return nil }
        let scheme = String(lower.dropFirst(schemePrefix.count))
        return URLScheme.isValid(scheme) ? scheme : nil
    }

    /// The desktop file id of `relativePath` below an `applications` folder.
    static func id(relativePath: String) -> String {
        // Not `replacing(_:with:)`: its generic algorithm costs ferry open more than reading the file.
        guard relativePath.utf8.contains(UInt8(ascii: "/")) else { return relativePath }
        return String(decoding: relativePath.utf8.map { $0 == UInt8(ascii: "/") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
    }
}

extension DesktopExec {
    static let empty = DesktopExec(uncheckedTemplate: [])

    init(uncheckedTemplate: [String]) { template = uncheckedTemplate }
}

/// A `.desktop` file that cannot be used as a handler, with the reason.
public struct DesktopEntryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file at fault.
    public var path: String
    /// What is wrong with it.
    public var reason: String

    public var description: String { "\(path): \(reason); the desktop entry is ignored" }
}
