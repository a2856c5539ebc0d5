/// Where the freedesktop side keeps handlers and the user's choices: the `applications` folders
/// of the XDG data dirs and the `mimeapps.list` files, in the XDG MIME Applications spec's order.
public struct DesktopPaths: Sendable, Equatable {
    /// A `mimeapps.list`, and whether it is the user's own (a choice that beats Ferry's manifests)
    /// or a system-wide one (a distribution default that only orders desktop entries).
    public struct MimeAppsFile: Sendable, Equatable {
        public var path: String
        public var isUsers: Bool
    }

    /// `$XDG_DATA_HOME/applications`, then `DIR/applications` for each `$XDG_DATA_DIRS` entry.
    public var applicationFolders: [String]
    /// The `mimeapps.list` files, highest precedence first.
    public var mimeAppsFiles: [MimeAppsFile]
    /// `PATH`, for `TryExec`.
    public var searchPath: String

    /// The user's `applications` folder, where `ferry integrate` writes its entry.
    public var userApplications: String? { applicationFolders.first }
    /// The user's `mimeapps.list` (`$XDG_CONFIG_HOME/mimeapps.list`), where `ferry integrate` registers it.
    public var userMimeApps: String? { mimeAppsFiles.first { $0.isUsers && !$0.path.contains("-mimeapps.list") }?.path }

    /// What ferryd watches with inotify: the `applications` folders and the folders of the
    /// `mimeapps.list` files (which are replaced by rename, so the file itself cannot be watched).
    public var watchedFolders: [String] {
        var seen: Set<String> = []
        return (applicationFolders + mimeAppsFiles.map { FerryPaths.parent(of: $0.path) }).filter { seen.insert($0).inserted }
    }

    /// What ferryd compares before answering a miss: the folders and the `mimeapps.list` files.
    public var stampedPaths: [String] { applicationFolders + mimeAppsFiles.map(\.path) }

    /// No folders at all: desktop entries off.
    public init() {
        applicationFolders = []
        mimeAppsFiles = []
        searchPath = ""
    }

    /// The paths for an environment.
    ///
    /// - Parameter environment: `HOME`, `XDG_DATA_HOME`, `XDG_DATA_DIRS`, `XDG_CONFIG_HOME`,
    ///   `XDG_CONFIG_DIRS`, `XDG_CURRENT_DESKTOP` and `PATH`; `FERRY_DESKTOP_ENTRIES=0` turns
    ///   the bridge off (no folders).
    public init(environment: [String: String]) {
        self.init()
        guard environment["FERRY_DESKTOP_ENTRIES"] != "0" else { return }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        func absolute(_ key: String, _ fallback: String) -> String {
            guard let value = environment[key], value.hasPrefix("/") else { return fallback }
            return value
        }
        func list(_ key: String, _ fallback: String) -> [String] {
            let value = environment[key].flatMap { $0.isEmpty ? nil : $0 } ?? fallback
            return value.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        }
        let dataHome = absolute("XDG_DATA_HOME", home + "/.local/share")
        let configHome = absolute("XDG_CONFIG_HOME", home + "/.config")
        let dataDirs = list("XDG_DATA_DIRS", "/usr/local/share:/usr/share")
        let configDirs = list("XDG_CONFIG_DIRS", "/etc/xdg")
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map { $0.lowercased() }
        func files(in folder: String, user: Bool) -> [MimeAppsFile] {
            (desktops.map { "\(folder)/\($0)-mimeapps.list" } + [folder + "/mimeapps.list"])
                .map { MimeAppsFile(path: $0, isUsers: user) }
        }
        applicationFolders = [dataHome + "/applications"] + dataDirs.map { $0 + "/applications" }
        mimeAppsFiles = files(in: configHome, user: true)
            + configDirs.flatMap { files(in: $0, user: false) }
            + files(in: dataHome + "/applications", user: true)
            + dataDirs.flatMap { files(in: $0 + "/applications", user: false) }
        searchPath = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    }
}
