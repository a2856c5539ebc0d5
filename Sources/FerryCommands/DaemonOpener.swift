import ArgumentParser
import FerryCore

#if canImport(Glibc)
import Glibc
#endif

/// `ferry open` through ferryd: requests are pipelined, results printed in order, one line each.
struct DaemonOpener {
    let client: DaemonClient
    let context: Context
    let arguments: OpenArguments
    private(set) var firstFailure: ExitCode?
    /// How many requests may be in flight: enough to keep ferryd busy, bounded for memory.
    static let window = 512

    init(client: DaemonClient, context: Context, arguments: OpenArguments) {
        self.client = client
        self.context = context
        self.arguments = arguments
    }

    /// The ids sent, in order, and each one's target until its result comes: arrays, not a
    /// `[Int: OpenTarget]`, whose first use costs the Swift runtime a scan of every
    /// protocol-conformance record (issue 26). At most ``window`` are in flight, from `head` on;
    /// those before `head` are answered.
    private var order: [Int] = []
    private var targets: [OpenTarget?] = []
    private var head = 0

    /// Records a request already sent (with hello) as the first in flight.
    mutating func sent(_ target: OpenTarget, id: Int) {
        order.append(id)
        targets.append(target)
    }

    /// Opens each URL in order; `next` yields them (from argv or stdin) until nil.
    mutating func run(_ next: () -> OpenTarget?) throws {
        while let target = next() {
            guard !target.url.isEmpty else { continue }
            if let failed = target.failedOutcome() {
                // Its line comes in its turn: after those of the requests before it.
                while head < order.count { try collectHead() }
                report(failed)
                continue
            }
            sent(target, id: try client.send(Self.request(target, arguments, context)))
            if order.count - head >= Self.window { try collectHead() }
        }
        while head < order.count { try collectHead() }
    }

    static func request(_ target: OpenTarget, _ arguments: OpenArguments, _ context: Context) -> ClientRequest {
        .open(.init(url: target.url, app: target.app, source: arguments.source,
                    background: arguments.background ? true : nil, wait: arguments.wait ? true : nil,
                    activationToken: activationToken(context)))
    }

    /// The caller's activation token (Wayland, else X11), for an app that D-Bus starts; ferryd
    /// drops it for a background open.
    private static func activationToken(_ context: Context) -> String? {
        ["XDG_ACTIVATION_TOKEN", "DESKTOP_STARTUP_ID"].lazy.compactMap { context.variable($0) }.first { !$0.isEmpty }
    }

    /// Reads results until the oldest request in flight has its own (results for one app come in
    /// order; others may not), then moves past it.
    private mutating func collectHead() throws {
        while targets[head] != nil {
            guard case .reply(let reply) = try client.receive(), case .result(let result) = reply.body,
                  let slot = order[head...].firstIndex(of: reply.id), let target = targets[slot] else { continue }
            targets[slot] = nil
            handle(result, target)
        }
        head += 1
        // Drop what is answered once it outweighs the window: a long stdin batch keeps O(window).
        if head >= Self.window {
            order.removeFirst(head)
            targets.removeFirst(head)
            head = 0
        }
    }

    private mutating func handle(_ result: DaemonReply.Result, _ target: OpenTarget) {
        var outcome = OpenOutcome(url: target.url, result: result, path: target.path, mimeType: target.mimeType)
        if result.outcome == .command, let spec = result.command { start(spec, &outcome) }
        report(outcome)
    }

    private mutating func report(_ outcome: OpenOutcome) {
        outcome.print(json: arguments.json, quiet: arguments.quiet)
        if let code = outcome.exitCode, firstFailure == nil { firstFailure = ExitCode(code) }
    }

    /// A command app: start it here, with the caller's environment and terminal.
    private func start(_ spec: DaemonReply.CommandSpec, _ outcome: inout OpenOutcome) {
        let app = outcome.result.app
        let environment = context.childEnvironment(removing: ["FERRY_SOURCE_APPLICATION"], adding: spec.entries)
        if let documents = spec.value(of: "FERRY_DOCUMENTS") { makeFolders(documents) }
        if arguments.verbose { printError("ferry: \(app ?? "?") via ferryd: \(spec.arguments.joined(separator: " "))") }
        do {
            let pid = try Launcher.spawn(spec.executable, arguments: spec.arguments, environment: environment)
            outcome.result.outcome = .launched
            outcome.result.pid = pid
            if arguments.wait { outcome.recordExit(Launcher.wait(for: pid)) }
        } catch {
            outcome.fail("\(app ?? "the handler") failed to start: \(spec.executable): \(String(cString: strerror(error.code)))",
                         FerryExit.launchFailed)
        }
    }
}
