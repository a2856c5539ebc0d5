#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts handlers as child processes with `posix_spawn`: no shell, so nothing in a URL is interpreted.
public enum Launcher {
    /// How a waited-for handler ended.
    public enum Termination: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)

        /// The status a shell would report: the exit status, or 128 + the signal number.
        public var shellStatus: Int32 {
            switch self {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            }
        }
    }

    /// Creates the app's `Documents` folder and starts the command.
    ///
    /// - Parameters:
    ///   - command: What to run.
    ///   - bundleIdentifier: The app, for error messages.
    ///
    /// - Returns: The child's process id.
    /// - Throws: ``LaunchError`` when the folder or the process cannot be created.
    ///   - output: A file to append the child's stdout and stderr to, instead of inheriting them.
    ///   - descriptors: Open files the child gets as descriptors 3, 4, … in this order.
    public static func spawn(
        _ command: LaunchCommand, bundleIdentifier: String, output: String? = nil, passing descriptors: [Int32] = []
    ) throws(LaunchError) -> pid_t {
        do {
            if !command.documents.isEmpty { try FileSystem.createDirectories(command.documents) }
        } catch {
            throw LaunchError(bundleIdentifier: bundleIdentifier, reason: error.description)
        }
        if let output { try prepareOutput(output, bundleIdentifier: bundleIdentifier) }
        do {
            return try spawn(command.executable, arguments: command.arguments, environment: command.environment,
                             output: output, passing: descriptors)
        } catch {
            throw LaunchError(bundleIdentifier: bundleIdentifier,
                              reason: "\(command.executable): \(String(cString: strerror(error.code)))")
        }
    }

    /// Creates the log file's folder and checks the file opens: the spawn's own open would fail
    /// as ENOENT, reported as if the app's program were missing.
    private static func prepareOutput(_ output: String, bundleIdentifier: String) throws(LaunchError) {
        let folder = String(output[..<(output.lastIndex(of: "/") ?? output.startIndex)])
        do {
            if !folder.isEmpty { try FileSystem.createDirectories(folder) }
        } catch {
            throw LaunchError(bundleIdentifier: bundleIdentifier, reason: "its log file: \(error.description)")
        }
        let fd = open(output, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw LaunchError(bundleIdentifier: bundleIdentifier,
                              reason: "cannot open its log file \(output): \(String(cString: strerror(errno)))")
        }
        close(fd)
    }

    /// A `posix_spawn` failure: the C library's error number.
    public struct SpawnError: Error, Sendable {
        public var code: Int32
    }

    /// Starts `executable` with exactly these arguments and environment.
    ///
    /// - Parameters:
    ///   - output: A file to append stdout and stderr to (stdin becomes /dev/null); nil inherits them.
    ///   - newSession: Start the child in a session of its own (for daemons), detached from the terminal.
    ///   - descriptors: Open files the child gets as descriptors 3, 4, … in this order.
    public static func spawn(
        _ executable: String, arguments: [String], environment: [String: String],
        output: String? = nil, newSession: Bool = false, passing descriptors: [Int32] = []
    ) throws(SpawnError) -> pid_t {
        try spawn(executable, arguments: arguments, environment: .entries(environment.map { $0.key + "=" + $0.value }),
                  output: output, newSession: newSession, passing: descriptors)
    }

    /// ``spawn(_:arguments:environment:output:newSession:passing:)`` with the environment as
    /// `NAME=value` entries, or as this process's own with some variables changed.
    public static func spawn(
        _ executable: String, arguments: [String], environment: ChildEnvironment,
        output: String? = nil, newSession: Bool = false, passing descriptors: [Int32] = []
    ) throws(SpawnError) -> pid_t {
        var pid: pid_t = 0
        // Copies above the targets, so that no dup2 below overwrites a source still to be moved.
        let sources = try InheritedDescriptors(descriptors)
        defer { sources.closeAll() }
        // A program just written is "busy" while any process still holds a descriptor it was
        // written through, such as a child forked in that instant by another thread: wait it out.
        var status = ETXTBSY
        for pause: useconds_t in [0, 2_000, 8_000, 32_000] where status == ETXTBSY {
            if pause > 0 { usleep(pause) }
            status = spawnOnce(&pid, executable, arguments, environment, sources, output: output, newSession: newSession)
        }
        guard status == 0 else { throw SpawnError(code: status) }
        return pid
    }

    private static func spawnOnce(
        _ pid: inout pid_t, _ executable: String, _ arguments: [String], _ environment: ChildEnvironment,
        _ sources: InheritedDescriptors, output: String?, newSession: Bool
    ) -> Int32 {
        withSpawnAttributes(output: output, newSession: newSession) { actions, attributes in
            for (index, descriptor) in sources.copies.enumerated() {
                posix_spawn_file_actions_adddup2(&actions, descriptor, Int32(3 + index))
            }
            // The child holds 0, 1, 2 and what it was passed, nothing else of ours: not ferryd's
            // listener, epoll or other apps' connections, even one a library opened without O_CLOEXEC.
            if let failure = ChildDescriptors.closeFrom(3 + Int32(sources.copies.count), &actions) { return failure }
            return withCStrings(arguments) { argv in
                environment.withPointers { envp in
                    posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
                }
            }
        }
    }

    /// Waits for a child started by ``spawn(_:bundleIdentifier:)``.
    public static func wait(for pid: pid_t) -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    /// Runs `body` with spawn attributes that give the child default signal handling, an empty
    /// signal mask; the working directory stays the caller's, as with xdg-open.
    private static func withSpawnAttributes(
        output: String?, newSession: Bool,
        _ body: (inout posix_spawn_file_actions_t, inout posix_spawnattr_t) -> Int32
    ) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        if let output {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        var noSignals = sigset_t()
        var defaultSignals = sigset_t()
        sigemptyset(&noSignals)
        sigemptyset(&defaultSignals)
        for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGCHLD] { sigaddset(&defaultSignals, signal) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        // POSIX_SPAWN_SETSID (0x80 in glibc) is hidden from Swift behind _GNU_SOURCE.
        let setsid: Int32 = newSession ? 0x80 : 0
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | setsid))
        return body(&actions, &attributes)
    }
}

/// Calls `body` with a NULL-terminated C array of `strings`, valid only during the call.
public func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}
