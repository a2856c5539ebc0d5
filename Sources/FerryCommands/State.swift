import ArgumentParser
import FerryCore
import FoundationEssentials

extension Ferry {
    struct State: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show or discard a managed app's saved state (state preservation).",
            discussion: """
                Prints whether ferryd keeps a saved state archive for the app, its size, the versions \
                it was saved by and its age. Exit status 1 when there is none (or it is damaged). \
                --discard removes it, so the next launch starts clean.
                """)

        @Argument(help: ArgumentHelp("The app.", valueName: "bundle-id"), completion: Completions.stateApps)
        var bundleIdentifier: String

        @Flag(help: "Remove the saved state.")
        var discard = false

        @OptionGroup var output: OutputOptions

        struct Report: Encodable {
            var app: String
            var bundleIdentifier: String
            var exists: Bool
            var damaged: Bool?
            var size: Int?
            var bundleVersion: String?
            var appVersion: String?
            var interfaceIdiom: String?
            var savedAt: Double?
            var savedTime: String?
            var ageSeconds: Int?
            var discarded: Bool?
        }

        func run() throws {
            let request = ClientRequest.state(.init(app: bundleIdentifier, discard: discard ? true : nil))
            let result = try DaemonClient.connect(Context()).request(request)
            if result.outcome == .failed {
                throw CommandFailure(message: result.message ?? "state failed", exit: result.exit(or: FerryExit.no))
            }
            let report = Self.report(bundleIdentifier, result)
            output.emit(report) { Self.text(report, message: result.message, discarding: discard) }
            if !discard && !report.exists { throw ExitCode(1) }
        }

        static func report(_ app: String, _ result: DaemonReply.Result) -> Report {
            let info = result.archive
            let age = info?.savedAt.map { max(0, Int(Date().timeIntervalSince1970 - $0)) }
            return Report(app: app, bundleIdentifier: app, exists: result.outcome == .saved, damaged: result.outcome == .damaged ? true : nil,
                          size: info?.size, bundleVersion: info?.bundleVersion, appVersion: info?.appVersion,
                          interfaceIdiom: info?.interfaceIdiom, savedAt: info?.savedAt, savedTime: info?.savedAt.map(JSONOutput.time), ageSeconds: age,
                          discarded: result.outcome == .discarded ? true : nil)
        }

        static func text(_ report: Report, message: String?, discarding: Bool) -> String {
            if discarding {
                return report.discarded == true ? "discarded the saved state of \(report.app)" : "\(report.app) had no saved state"
            }
            if report.damaged == true { return message ?? "the saved state of \(report.app) is damaged" }
            guard report.exists else { return "\(report.app) has no saved state" }
            let rows = [
                ["app", report.app],
                ["size", "\(report.size ?? 0) bytes"],
                ["saved", report.savedAt.map(Ps.describe) ?? "-"],
                ["bundle version", report.bundleVersion ?? "-"],
                ["app version", report.appVersion ?? "-"],
                ["interface idiom", report.interfaceIdiom ?? "-"],
            ]
            return rows.map { $0[0] + String(repeating: " ", count: 17 - $0[0].count) + $0[1] }.joined(separator: "\n")
        }
    }
}
