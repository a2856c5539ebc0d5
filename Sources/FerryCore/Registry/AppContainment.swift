#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps an app and its program where it was found, after resolving symbolic links: a `.app` (or
/// standalone `.plist`) that is a link to elsewhere, an `Info.plist` that is a link out of its
/// bundle, or a program path that leads out of the bundle through a link is refused. The manifest
/// layer already refuses `..` in those paths; this is the part that needs the file system.
enum AppContainment {
    /// Why `app` must not be used, or nil when everything it names stays inside.
    static func problem(with app: InstalledApp, display: String) -> ManifestError? {
        guard let folder = FileSystem.resolved(app.folder.path) else { return nil }
        if let fault = escape(app.bundlePath, from: folder, what: "the app", place: "apps folder \(app.folder.path)") {
            return ManifestError(code: .invalidValue, file: display, keyPath: "", message: fault)
        }
        let base = FileSystem.resolved(app.baseDirectory) ?? folder
        if app.bundlePath.hasSuffix(".app"),
           let fault = escape(app.manifestPath, from: base, what: "the manifest", place: "bundle") {
            return ManifestError(code: .invalidValue, file: display, keyPath: "", message: fault)
        }
        guard let (keyPath, relative) = relativeProgram(app.manifest.program) else { return nil }
        let program = app.baseDirectory + "/" + relative
        guard let fault = escape(program, from: base, what: "\"\(relative)\"", place: "bundle") else { return nil }
        return ManifestError(code: .invalidValue, file: display, keyPath: keyPath, message: fault)
    }

    /// The key and path of a program named relative to the bundle, if the app has one.
    private static func relativeProgram(_ program: Manifest.Program?) -> (String, String)? {
        switch program {
        case .executable(let path)?: ("CFBundleExecutable", path)
        case .arguments(let arguments)? where arguments[0].contains("/") && !arguments[0].hasPrefix("/"):
            ("ProgramArguments[0]", arguments[0])
        default: nil
        }
    }

    /// A fault when `path` exists and resolves outside `root` (itself resolved).
    private static func escape(_ path: String, from root: String, what: String, place: String) -> String? {
        guard let resolved = FileSystem.resolved(path) else { return nil }
        let inside = root == "/" || resolved == root || resolved.hasPrefix(root + "/")
        return inside ? nil : "\(what) resolves to \(resolved), outside its \(place); copy it inside instead of linking"
    }
}

extension InstalledApp {
    /// Why this app must not be used because it, its manifest or its program resolves (through
    /// links) to a place outside its apps folder or bundle; nil when everything stays inside.
    /// The registry applies this to every app it finds; an installer can apply it before copying.
    ///
    /// - Parameter displayPath: How the diagnostic names the manifest.
    public func containmentProblem(displayPath: String) -> ManifestError? {
        AppContainment.problem(with: self, display: displayPath)
    }
}

extension FileSystem {
    /// `path` with every symbolic link, `.` and `..` resolved (realpath(3)); nil when it does not exist.
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
