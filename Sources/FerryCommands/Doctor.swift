import ArgumentParser
import FerryCore

extension Ferry {
    struct Doctor: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Report every problem with the installed apps and settings, each with its fix.",
            discussion: "Exit codes: 0 no problems, 1 problems found."
        )

        @OptionGroup var output: OutputOptions

        struct Problem: Encodable {
            var subject: String
            var problem: String
            var fix: String
        }

        func run() throws {
            let context = Context()
            let problems = DoctorChecks(context: context).run()
            for folder in context.paths.appFolders { output.detail("checked \(folder.path) (\(folder.kind.rawValue))") }
            output.emit(problems) {
                problems.isEmpty ? "no problems found"
                    : problems.map { "\($0.subject): \($0.problem)\n  fix: \($0.fix)" }.joined(separator: "\n")
            }
            if !problems.isEmpty { throw FerryExit.no }
        }
    }
}
