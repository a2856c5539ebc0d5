/// Where one app's defaults live: the user's domain in the app's container, and the
/// administrator's read-only domains, which override it.
///
/// An app reads a key from the first of these that has it: the administrator's domain for the
/// app (`ADMIN/ID.plist`), the administrator's global domain (`ADMIN/.GlobalPreferences.plist`,
/// for every app), then the user's domain. That is how restrictions such as
/// `com.apple.content-rating.AppRating` are set so that neither the user nor the app can change
/// them.
public struct DefaultsLocations: Sendable, Equatable {
    /// The administrator's folder unless `FERRY_ADMIN_DEFAULTS_DIR` names another.
    public static let defaultAdminFolder = "/etc/ferry/defaults"
    /// The administrator's domain for every app, in ``adminFolder``.
    public static let globalDomainName = ".GlobalPreferences"

    /// The app's bundle identifier, which names its domain.
    public var bundleIdentifier: String
    /// The user's domain: `CONTAINER/Library/Preferences/ID.plist`.
    public var userDomain: String
    /// The administrator's folder (``defaultAdminFolder`` unless overridden).
    public var adminFolder: String

    /// The administrator's domain for this app.
    public var adminDomain: String { adminFolder + "/" + bundleIdentifier + ".plist" }
    /// The administrator's domain for every app.
    public var adminGlobalDomain: String { adminFolder + "/" + Self.globalDomainName + ".plist" }
    /// The domains in the order a key is looked up, the user's last.
    public var lookupOrder: [String] { [adminDomain, adminGlobalDomain, userDomain] }

    /// - Parameters:
    ///   - bundleIdentifier: The app.
    ///   - container: The app's container (FerryKit's `containerDirectory`, `FerryPaths.container(for:)`).
    ///   - adminFolder: See ``adminFolder(environment:)``.
    public init(bundleIdentifier: String, container: String, adminFolder: String = Self.defaultAdminFolder) {
        self.bundleIdentifier = bundleIdentifier
        self.userDomain = Self.preferencesFolder(container: container) + "/" + bundleIdentifier + ".plist"
        self.adminFolder = adminFolder
    }

    /// `CONTAINER/Library/Preferences`, the folder of the user's domain (which ferryd watches).
    public static func preferencesFolder(container: String) -> String {
        container + "/Library/Preferences"
    }

    /// `FERRY_ADMIN_DEFAULTS_DIR` when it is an absolute path, else ``defaultAdminFolder``.
    public static func adminFolder(environment: [String: String]) -> String {
        environment["FERRY_ADMIN_DEFAULTS_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? defaultAdminFolder
    }
}
