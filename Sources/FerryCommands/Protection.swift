import ArgumentParser
import FerryCore
import FerryProtection

extension Ferry {
    struct Protection: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "protection",
            abstract: "Show or set the protection class of a folder (or show a file's).",
            discussion: """
                Classes: none, complete, completeUnlessOpen, completeUntilFirstUserAuthentication \
                (Apple's NSFileProtection… names work too). A class is set on an empty folder and \
                inherited by everything created inside it; a file has its folder's class. Where the \
                filesystem has no fscrypt the class is reported `unenforced`: nothing is protected.
                """)

        @Argument(help: ArgumentHelp("A file or folder.", valueName: "path"), completion: .file())
        var path: String

        @Argument(help: ArgumentHelp("The class to give the (empty) folder.", valueName: "class"), completion: Completions.protectionClasses)
        var protectionClass: String?

        @OptionGroup var output: OutputOptions

        struct Report: Encodable {
            var path: String
            var `class`: String?
            var enforced: Bool
            var reading: String
        }

        func run() throws {
            let context = Context()
            let protection = DataProtection(dataHome: context.paths.dataHome)
            do {
                let identifiers = try protection.identifiers()
                let reading: ProtectionReading
                if let name = protectionClass {
                    guard let wanted = ProtectionClass(name: name) else {
                        throw CommandFailure(message: "unknown protection class \(name): use none, complete, completeUnlessOpen or completeUntilFirstUserAuthentication", exit: FerryExit.usage)
                    }
                    reading = try FolderProtection.set(wanted, on: path, identifiers: identifiers)
                } else {
                    reading = try FolderProtection.reading(at: path, identifiers: identifiers)
                }
                let report = Self.report(path, reading)
                output.emit(report) { Self.text(report, reading) }
            } catch let error as ProtectionError {
                throw CommandFailure(message: error.message, exit: Self.exit(error))
            }
        }

        static func report(_ path: String, _ reading: ProtectionReading) -> Report {
            switch reading {
            case .enforced(let protection): Report(path: path, class: protection.rawValue, enforced: true, reading: reading.description)
            case .unenforced(let intended): Report(path: path, class: intended?.rawValue, enforced: false, reading: reading.description)
            case .foreignKey: Report(path: path, class: nil, enforced: true, reading: reading.description)
            }
        }

        static func text(_ report: Report, _ reading: ProtectionReading) -> String {
            guard case .unenforced = reading else { return "\(report.path): \(report.reading)" }
            return "\(report.path): \(report.reading) (this filesystem has no fscrypt: nothing is encrypted; see ferry doctor)"
        }

        static func exit(_ error: ProtectionError) -> ExitCode {
            switch error.code {
            case .notEmpty, .alreadyProtected, .notADirectory: FerryExit.usage
            case .badKeyFile: FerryExit.badConfiguration
            case .wrongPassphrase: FerryExit.declined
            default: FerryExit.cannotWrite
            }
        }
    }
}
