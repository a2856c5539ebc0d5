import FerryCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// What every command needs: the environment, Ferry's paths and the user's choices.
struct Context {
    var environment: [String: String]
    /// Ferry's paths, made on first use: finding the built-in schemes folder costs about 20 stats,
    /// and `ferry open` through a running ferryd never needs it (issue 26).
    var paths: FerryPaths { lazyPaths.value }
    private let lazyPaths: LazyPaths

    init(environment: [String: String] = ProcessEnvironment.current()) {
        self.environment = environment
        lazyPaths = LazyPaths(environment)
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
    var direct: Bool { environment["FERRY_NO_DAEMON"] == "1" }

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

/// A context's paths, made once, the first time they are read.
private final class LazyPaths: Sendable {
    private let environment: [String: String]
    private let made = Mutex<FerryPaths?>(nil)

    init(_ environment: [String: String]) { self.environment = environment }

    var value: FerryPaths {
        made.withLock { made in
            if let made { return made }
            let paths = FerryPaths(environment: environment, builtInSchemes: Context.builtInSchemes(environment))
            made = paths
            return paths
        }
    }
}
