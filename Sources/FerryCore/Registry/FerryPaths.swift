/// Where Ferry keeps and finds things, following the XDG Base Directory specification.
public struct FerryPaths: Sendable, Equatable {
    /// The app folders, highest precedence first, ending with the built-in schemes folder.
    public var appFolders: [AppFolder]
    /// `$XDG_DATA_HOME/ferry`: the user's apps and the app containers live here.
    public var dataHome: String
    /// `$XDG_CONFIG_HOME/ferry`: the user's handler choices live here.
    public var configHome: String
    /// The freedesktop `applications` folders and `mimeapps.list` files (none unless built from an environment).
    public var desktop = DesktopPaths()

    /// The user's apps folder, where `ferry install` puts apps.
    public var userApps: String {
        appFolders.first { $0.kind == .user }?.path ?? dataHome + "/Applications"
    }

    /// The file holding the user's choice of handler per scheme.
    public var defaultsFile: String { configHome + "/defaults.json" }

    /// The container of the app `bundleIdentifier`.
    public func container(for bundleIdentifier: String) -> String {
        dataHome + "/Containers/" + bundleIdentifier
    }

    public init(appFolders: [AppFolder], dataHome: String, configHome: String) {
        self.appFolders = appFolders
        self.dataHome = dataHome
        self.configHome = configHome
    }

    /// The paths for an environment.
    ///
    /// - Parameters:
    ///   - environment: The process environment. `FERRY_APPS_PATH` (colon-separated) replaces the
    ///     user and system app folders; `XDG_DATA_HOME`, `XDG_DATA_DIRS`, `XDG_CONFIG_HOME` and
    ///     `HOME` follow the XDG defaults.
    ///   - builtInSchemes: The built-in schemes folder, if one was found.
    public init(environment: [String: String], builtInSchemes: String?) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        func absolute(_ key: String, _ fallback: String) -> String {
            guard let value = environment[key], value.hasPrefix("/") else { return fallback }
            return value
        }
        dataHome = DataHome.path(environment: environment)
        configHome = absolute("XDG_CONFIG_HOME", home + "/.config") + "/ferry"
        var folders: [AppFolder]
        if let custom = environment["FERRY_APPS_PATH"], !custom.isEmpty {
            folders = Self.split(custom).map { AppFolder(path: $0, kind: .user) }
        } else {
            let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 }
                ?? "/usr/local/share:/usr/share"
            folders = [AppFolder(path: dataHome + "/Applications", kind: .user)]
            folders += Self.split(dataDirs).map { AppFolder(path: $0 + "/ferry/Applications", kind: .system) }
        }
        if let builtInSchemes { folders.append(AppFolder(path: builtInSchemes, kind: .builtIn)) }
        appFolders = folders
        desktop = DesktopPaths(environment: environment)
    }

    private static func split(_ list: String) -> [String] {
        list.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    }

    package static func parent(of path: String) -> String { FileSystem.parent(of: path) }
}
