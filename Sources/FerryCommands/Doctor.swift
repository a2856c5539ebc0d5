import ArgumentParser
import FerryCore

extension Ferry {
    struct Doctor: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Report every problem with the installed apps and settings, each with its fix.",
            discussion: "Exit codes: 0 no problems, 1 problems found."
        )

        @Flag(help: "Print a JSON array of problems.")
        var json = false

        struct Problem: Encodable {
            var subject: String
            var problem: String
            var fix: String
        }

        func run() throws {
            let problems = DoctorChecks(context: Context()).run()
            if json {
                print(JSONOutput.document(problems))
            } else if problems.isEmpty {
                print("no problems found")
            } else {
                for problem in problems { print("\(problem.subject): \(problem.problem)\n  fix: \(problem.fix)") }
            }
            if !problems.isEmpty { throw FerryExit.no }
        }
    }
}
