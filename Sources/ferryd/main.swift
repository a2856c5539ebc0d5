import FerryCore
import FerryDaemon
import FerryProtection
import FerryProtectionKeys
import FoundationEssentials
import Logging

#if canImport(Glibc)
import Glibc
#endif

// ferryd [--verbose | --quiet]: the per-user Ferry daemon. Normally started on demand by `ferry`.

// The arguments before anything else: --help, --version and a mistyped flag must not touch a
// running daemon's socket or files, nor bind a port.
let action = DaemonArguments.parse(Array(CommandLine.arguments.dropFirst()))
switch action {
case .help:
    print(DaemonArguments.usage, terminator: "")
    exit(0)
case .version:
    print("ferryd \(FerryVersion.string)")
    exit(0)
case .unknown(let argument):
    let line = Array("ferryd: unknown argument \(argument)\n\(DaemonArguments.hint)\n".utf8)
    _ = write(2, line, line.count)
    exit(64)
case .unlock:
    // `ferry unlock`'s helper when no ferryd runs (ferry links no crypto). The passphrase arrives
    // on descriptor 3, the reply leaves on 4 (UnlockHandoff); no socket, no logging.
    exit(UnlockHandoff.serve(dataHome: DataHome.path(environment: ProcessInfo.processInfo.environment)))
case .run:
    break
}

// A relative app folder would be read against whatever folder ferryd started in: refused, as ferry refuses it.
if let list = ProcessInfo.processInfo.environment["FERRY_APPS_PATH"], let relative = list.split(separator: ":").first(where: { !$0.hasPrefix("/") }) {
    let line = Array("ferryd: FERRY_APPS_PATH names \(String(relative).debugDescription), which is not an absolute path\n".utf8)
    _ = write(2, line, line.count)
    exit(78)
}

// A daemon must not hold its starter's descriptors (a pipe it inherited would keep the starter's
// reader waiting for EOF for ever), nor pass them on to the apps it launches.
// Under systemd socket activation, fd 3 is the listening socket: keep it (close-on-exec).
let activated = SocketActivation.listeningDescriptor(environment: ProcessInfo.processInfo.environment, pid: getpid())
for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
    if let fd = Int32(name), fd > 2, fd != activated { close(fd) }
}
if let activated { _ = fcntl(activated, F_SETFD, FD_CLOEXEC) }
// The apps ferryd starts are not part of its service: they get the environment without systemd's variables.
let environment = ProcessInfo.processInfo.environment.filter { !SocketActivation.serviceVariables.contains($0.key) }
let (verbose, quiet) = if case .run(let verbose, let quiet) = action { (verbose, quiet) } else { (false, false) }
// Under systemd, stderr is the journal: priorities as <N> prefixes, no timestamps.
let journal = JournalLogHandler.isJournal(environment: ProcessInfo.processInfo.environment)
LoggingSystem.bootstrap { label in
    let level: Logger.Level = verbose ? .debug : quiet ? .warning
        : environment["FERRY_LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0) } ?? .info
    if journal {
        var handler = JournalLogHandler(label: label)
        handler.logLevel = level
        return handler
    }
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = level
    return handler
}

let logger = Logger(label: "ferryd")

let schemes = BuiltInSchemes.search(environment: environment, executable: BuiltInSchemes.runningExecutable())
for skipped in schemes.skipped {
    logger.warning("built-in schemes not read from \(skipped.path)", metadata: ["reason": "\(skipped.reason)"])
}
let paths = FerryPaths(environment: environment, builtInSchemes: schemes.folder)
let stateHome = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    ?? (environment["HOME"] ?? "/") + "/.local/state"
var configuration = DaemonConfiguration(
    paths: paths, socketPath: DaemonSocket.path(environment: environment), environment: environment,
    logDirectory: stateHome + "/ferry/logs")
configuration.listeningSocket = activated
if let seconds = environment["FERRY_LAUNCH_WATCHDOG"].flatMap(Double.init) {
    configuration.launchWatchdog = .milliseconds(Int64(seconds * 1000))
}
if let seconds = environment["FERRY_BACKGROUND_TASK_BUDGET"].flatMap(Double.init), seconds > 0 {
    configuration.backgroundTaskBudget = .milliseconds(Int64(seconds * 1000))
}
if let seconds = environment["FERRY_SUSPEND_AFTER"].flatMap(Double.init) {
    configuration.suspendAfter = .milliseconds(Int64(seconds * 1000))
}
if let seconds = environment["FERRY_EVENT_TIMEOUT"].flatMap(Double.init) {
    configuration.eventTimeout = .milliseconds(Int64(seconds * 1000))
}
if let seconds = environment["FERRY_DBUS_OPEN_TIMEOUT"].flatMap(Double.init) {
    configuration.dbusOpenTimeout = .milliseconds(Int64(seconds * 1000))
}
configuration.applyTransferEnvironment(environment)
configuration.applyLocalSendEnvironment(environment)
if let seconds = environment["FERRY_PROTECTION_GRACE"].flatMap(Double.init) {
    configuration.protectionGrace = .milliseconds(Int64(seconds * 1000))
}

do {
    try await Daemon(configuration: configuration, logger: logger).run()
} catch {
    let line = Array("ferryd: \(error)\n".utf8)
    _ = write(2, line, line.count)
    exit(1)
}
