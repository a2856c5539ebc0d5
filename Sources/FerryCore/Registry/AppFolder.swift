/// A folder Ferry looks for apps in, and where it stands in the search path.
public struct AppFolder: Sendable, Equatable, Hashable {
    /// Where the folder comes from; earlier kinds take precedence.
    public enum Kind: String, Sendable, Equatable, Hashable {
        /// The user's apps folder under XDG data home (or an entry of `FERRY_APPS_PATH`).
        case user
        /// A system-wide apps folder under an XDG data dir.
        case system
        /// The built-in declarations of system-reserved schemes (`schemes/`).
        case builtIn = "built-in"
        /// An XDG `applications` folder of freedesktop `.desktop` entries (handlers of rank Alternate).
        case desktop = "desktop entry"
    }

    /// The folder's path.
    public var path: String
    /// What kind of folder it is.
    public var kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }
}

/// An app found in a folder: its manifest and where it lives.
public struct InstalledApp: Sendable, Equatable {
    /// The app's manifest.
    public var manifest: Manifest
    /// The `NAME.app` folder or the standalone `NAME.plist` file.
    public var bundlePath: String
    /// The manifest file itself.
    public var manifestPath: String
    /// The folder the app was found in.
    public var folder: AppFolder
    /// The app's position in the search path: lower wins.
    public var precedence: Int

    public init(manifest: Manifest, bundlePath: String, manifestPath: String, folder: AppFolder, precedence: Int) {
        self.manifest = manifest
        self.bundlePath = bundlePath
        self.manifestPath = manifestPath
        self.folder = folder
        self.precedence = precedence
    }

    /// The app's bundle identifier.
    public var bundleIdentifier: String { manifest.bundleIdentifier }

    /// Whether this is a built-in system handler, whose schemes are reserved.
    public var isSystem: Bool { folder.kind == .builtIn }

    /// The folder relative paths in the manifest are resolved against.
    public var baseDirectory: String {
        bundlePath.hasSuffix(".app") ? bundlePath : FerryPaths.parent(of: bundlePath)
    }
}
