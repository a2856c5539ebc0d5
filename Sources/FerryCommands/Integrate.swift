import ArgumentParser
import FerryCore

#if canImport(Glibc)
import Glibc
#endif

extension Ferry {
    struct Integrate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Let xdg-open and gio open hand the schemes of Ferry's apps to Ferry.",
            discussion: """
                Writes $XDG_DATA_HOME/applications/ferry-open.desktop (Exec=FERRY open %u, hidden from menus) \
                declaring x-scheme-handler/SCHEME for every scheme Ferry's apps claim, and makes it the default \
                for each in $XDG_CONFIG_HOME/mimeapps.list, other lines untouched; a scheme for which you already \
                chose another desktop app keeps your choice. Runs update-desktop-database when installed. \
                While integration is on, ferry install and ferry uninstall keep it in sync. Debian's xdg-open \
                consults scheme handlers only in a graphical session (DISPLAY or WAYLAND_DISPLAY set); gio open \
                does without one. \
                --undo removes the entry and its mimeapps.list lines.
                """
        )

        @Flag(help: "Remove the entry and its registrations.")
        var undo = false

        @OptionGroup var output: OutputOptions

        struct Result: Encodable {
            var integrated: Bool
            var entry: String
            var mimeapps: String
            var schemes: [String]
            var kept: [String: String]
        }

        func run() throws {
            let context = Context()
            guard let bridge = DesktopBridge(paths: context.paths.desktop) else {
                throw CommandFailure(message: "desktop integration is off (FERRY_DESKTOP_ENTRIES=0); unset it first",
                                     exit: ExitCode.validationFailure)
            }
            var result = Result(integrated: !undo, entry: bridge.entryPath, mimeapps: bridge.mimeAppsPath, schemes: [], kept: [:])
            if undo {
                do { try bridge.uninstall() } catch { throw CommandFailure(message: error.description, exit: FerryExit.cannotWrite) }
                DesktopDatabase.refresh(bridge, context: context, output: output)
                output.emit(result) { "removed \(bridge.entryPath) and its lines in \(bridge.mimeAppsPath)" }
                return
            }
            let report = try DesktopDatabase.sync(bridge, context: context, output: output)
            result.schemes = report.schemes
            result.kept = report.kept
            output.emit(result) { Self.describe(report, bridge, graphical: Self.graphical(context.environment)) }
        }

        /// Whether a graphical session is there: Debian's xdg-open consults x-scheme-handler
        /// defaults only with DISPLAY or WAYLAND_DISPLAY set (else it tries a browser or a pager).
        static func graphical(_ environment: [String: String]) -> Bool {
            !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        }

        /// The line for a session without a display: where the bridge does not reach.
        static let noDisplay = "note: this session has no DISPLAY or WAYLAND_DISPLAY, and Debian's xdg-open consults scheme "
            + "handlers only when one is set; here use `gio open URL` or `ferry open URL`"

        static func describe(_ report: DesktopBridge.Report, _ bridge: DesktopBridge, graphical: Bool = true) -> String {
            var lines = ["xdg-open and gio open now hand \(report.schemes.isEmpty ? "no scheme" : report.schemes.map { $0 + ":" }.joined(separator: " ")) to Ferry (\(bridge.entryPath))"]
            for (scheme, id) in report.kept.sorted(by: { $0.key < $1.key }) {
                lines.append("\(scheme): kept your default \(id) from \(bridge.mimeAppsPath)")
            }
            if !graphical { lines.append(noDisplay) }
            return lines.joined(separator: "\n")
        }
    }
}

/// Writes the bridge for the registry as it is now, and tells the desktop's caches.
enum DesktopDatabase {
    static func sync(_ bridge: DesktopBridge, context: Context, output: OutputOptions) throws -> DesktopBridge.Report {
        guard let ferry = Context.executablePath() else {
            throw CommandFailure(message: "cannot find the path of the ferry binary (/proc/self/exe)", exit: FerryExit.cannotWrite)
        }
        let schemes = DesktopBridge.schemes(of: context.registry())
        let report: DesktopBridge.Report
        do { report = try bridge.install(schemes: schemes, ferry: ferry) } catch {
            throw CommandFailure(message: error.description, exit: FerryExit.cannotWrite)
        }
        output.detail("wrote \(bridge.entryPath) (Exec=\(ferry) open %u) and \(bridge.mimeAppsPath)")
        refresh(bridge, context: context, output: output)
        return report
    }

    /// After `ferry install` or `ferry uninstall`: re-syncs when integration is on; a failure is a warning.
    static func syncIfIntegrated(_ context: Context, output: OutputOptions) {
        guard let bridge = DesktopBridge(paths: context.paths.desktop), bridge.isInstalled else { return }
        do {
            let report = try sync(bridge, context: context, output: output)
            output.detail("desktop integration updated: \(report.schemes.joined(separator: " "))")
        } catch let failure as CommandFailure {
            printError("ferry: warning: desktop integration not updated: \(failure.message)")
        } catch {
            printError("ferry: warning: desktop integration not updated: \(error)")
        }
    }

    /// Runs `update-desktop-database -q` on the folder, when it is installed (so caches that read
    /// mimeinfo.cache agree); without it, xdg-open and gio read the entry directly.
    static func refresh(_ bridge: DesktopBridge, context: Context, output: OutputOptions) {
        let folder = String(bridge.entryPath[..<(bridge.entryPath.lastIndex(of: "/") ?? bridge.entryPath.endIndex)])
        let program = (context.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/update-desktop-database" }.first { (path: String) in access(path, X_OK) == 0 }
        guard let program else {
            output.detail("update-desktop-database not installed; skipped")
            return
        }
        output.detail("running \(program) -q \(folder)")
        if let pid = try? Launcher.spawn(program, arguments: [program, "-q", folder], environment: context.environment) {
            _ = Launcher.wait(for: pid)
        }
    }
}
