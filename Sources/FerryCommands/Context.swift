import FerryCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// What every command needs: the environment, Ferry's paths and the user's choices.
struct Context {
    /// The whole environment, made on first use: `ferry open` through a running ferryd reads a
    /// few variables with ``variable(_:)`` instead, and building the dictionary cost 8 % of it (issue 26).
    var environment: [String: String] { variables.all }
    /// Ferry's paths, made on first use: finding the built-in schemes folder costs about 20 stats,
    /// and `ferry open` through a running ferryd never needs it (issue 26).
    var paths: FerryPaths { lazyPaths.value }
    private let variables: Variables
    private let lazyPaths: LazyPaths

    /// - Parameter environment: The variables to use instead of the process's.
    init(environment: [String: String]? = nil) {
        variables = Variables(environment)
        lazyPaths = LazyPaths(variables)
    }

    /// One variable of ``environment``.
    func variable(_ name: String) -> String? { variables.value(name) }

    /// ``environment`` for a child, without `removed`, with `added` (`NAME=value` entries).
    func childEnvironment(removing removed: [String], adding added: [String]) -> ChildEnvironment {
        variables.child(removing: removed, adding: added)
    }

    /// Reads every app folder now: changes on disk count from the next command, with no cache.
    func registry() -> Registry { Registry(paths: paths) }

    /// The registry as far as it concerns `words` (schemes, bundle identifiers), and the apps
    /// the user chose for those schemes with `ferry default` (one may be a desktop entry).
    func registry(mentioning words: [String]) -> Registry {
        let chosen = (try? defaults()).map { defaults in words.compactMap { defaults.handler(for: $0) } } ?? []
        return Registry(paths: paths, filter: ManifestFilter(mentioning: words + chosen))
    }

    func defaults() throws -> HandlerDefaults {
        do {
            return try HandlerDefaults.load(from: paths.defaultsFile)
        } catch {
            throw CommandFailure(message: error.description, exit: FerryExit.badConfiguration)
        }
    }

    /// The user's choices for commands that only read them: a damaged file is like a broken
    /// manifest, one warning on stderr and the command goes on without it (as ferryd does).
    func defaultsOrWarn() -> HandlerDefaults {
        do { return try defaults() } catch {
            printError("ferry: warning: \((error as? CommandFailure)?.message ?? "\(error)"); ignoring your defaults (ferry doctor)")
            return HandlerDefaults()
        }
    }

    /// The built-in scheme declarations (see ``BuiltInSchemes/folder(environment:executable:)``).
    static func builtInSchemes(_ environment: [String: String]) -> String? {
        BuiltInSchemes.folder(environment: environment, executable: executablePath())
    }

    /// `FERRY_DAEMON`, else `ferryd` beside this binary, else `ferryd` in PATH.
    static func daemonExecutable(_ environment: [String: String]) -> String? {
        if let path = environment["FERRY_DAEMON"], !path.isEmpty { return path }
        let candidates = [executableDirectory().map { $0 + "/ferryd" }].compactMap { $0 }
            + (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/ferryd" }
        return candidates.first { access($0, X_OK) == 0 }
    }

    /// Whether `ferry open` should skip the daemon (`FERRY_NO_DAEMON=1`).
    var direct: Bool { variable("FERRY_NO_DAEMON") == "1" }

    private static func executableDirectory() -> String? {
        guard let path = executablePath() else { return nil }
        return String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    }

    /// The running binary's absolute path.
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Writes one line to stderr.
func printError(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}

/// Creates `path` and its missing parents, 0700; existing folders are left as they are.
func makeFolders(_ path: String) {
    if FileSystem.isDirectory(path) { return }
    var current = ""
    for component in path.split(separator: "/") {
        current += "/" + component
        mkdir(current, 0o700)
    }
}

/// The variables a context reads: given ones, or the process's, read with getenv one at a time
/// until a command needs them all.
private final class Variables: Sendable {
    private let given: [String: String]?
    /// In a class of its own: a `Mutex<[String: String]?>` would make ferry build the dictionary's
    /// type at run time just to drop the unused one, with a scan of every conformance record (issue 26).
    private let made = Mutex<All?>(nil)

    private final class All: Sendable {
        let variables: [String: String]
        init(_ variables: [String: String]) { self.variables = variables }
    }

    init(_ given: [String: String]?) { self.given = given }

    func value(_ name: String) -> String? {
        guard let given else { return ProcessEnvironment.value(name) }
        return given[name]
    }

    var all: [String: String] {
        if let given { return given }
        return made.withLock { made in
            if let made { return made.variables }
            let all = All(ProcessEnvironment.current())
            made = all
            return all.variables
        }
    }

    func child(removing removed: [String], adding added: [String]) -> ChildEnvironment {
        guard let given else { return .inherited(removing: removed, adding: added) }
        return .changing(given, removing: removed, adding: added)
    }
}

/// A context's paths, made once, the first time they are read.
private final class LazyPaths: Sendable {
    private let variables: Variables
    private let made = Mutex<FerryPaths?>(nil)

    init(_ variables: Variables) { self.variables = variables }

    var value: FerryPaths {
        made.withLock { made in
            if let made { return made }
            let environment = variables.all
            let paths = FerryPaths(environment: environment, builtInSchemes: Context.builtInSchemes(environment))
            made = paths
            return paths
        }
    }
}
