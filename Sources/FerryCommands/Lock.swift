import ArgumentParser
import FerryCore
import FerryProtection
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension Ferry {
    struct Unlock: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Unlock protected data: add the class keys with your passphrase.",
            discussion: """
                The first unlock creates the class keys, sealed by this passphrase. Through ferryd \
                when it runs (apps are told), else by `ferryd --unlock`, which exits when done. Exit \
                status 77 for a wrong passphrase (no key is added).
                """)

        @Flag(help: "Read the passphrase from the first line of stdin (the PAM helper), not the terminal.")
        var stdin = false

        @OptionGroup var output: OutputOptions

        func run() throws {
            let context = Context()
            let protection = DataProtection(dataHome: context.paths.dataHome)
            let firstTime = (try? protection.store.load()) == nil
            let passphrase = try PassphraseInput.read(fromStdin: stdin, confirm: firstTime)
            if let client = try? DaemonClient.connect(context, start: false) {
                let result = try client.request(.unlock(.init(data: Data(passphrase).base64EncodedString())))
                guard result.outcome == .unlocked || result.outcome == .created else {
                    throw CommandFailure(message: result.message ?? "unlock failed",
                                         exit: result.outcome == .wrongPassphrase ? FerryExit.declined : FerryExit.cannotWrite)
                }
                emit(result.outcome == .created, enforced: result.protection?.enforced ?? true)
                return
            }
            switch try Self.unlockThroughHelper(context, passphrase: passphrase) {
            case .success(let outcome): emit(outcome.created, enforced: outcome.enforced)
            case .failure(let error): throw CommandFailure(message: error.message, exit: Protection.exit(error))
            }
        }

        private func emit(_ created: Bool, enforced: Bool) {
            struct Report: Encodable { var unlocked: Bool; var created: Bool; var enforced: Bool }
            output.emit(Report(unlocked: true, created: created, enforced: enforced)) {
                let what = created ? "created the class keys and unlocked" : "unlocked"
                return enforced ? what : what + " (unenforced: this filesystem has no fscrypt; see ferry doctor)"
            }
        }
    }

    struct Lock: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Lock protected data, for machines without systemd-logind.",
            discussion: """
                Apps are told at once; the keys of complete and completeUnlessOpen go 10 s later \
                (files open then stay usable through their handles). Without ferryd, or with --now, \
                the keys go at once.
                """)

        @Flag(help: "Remove the keys now, without the 10 s grace.")
        var now = false

        @OptionGroup var output: OutputOptions

        func run() throws {
            let context = Context()
            if let client = try? DaemonClient.connect(context, start: false) {
                let result = try client.request(.lock(.init(mode: now ? .now : nil)))
                guard let report = result.protection else { throw CommandFailure(message: result.message ?? "lock failed", exit: FerryExit.unavailable) }
                output.emit(report) { report.lock == "locked" ? "locked" : "locked; the complete classes' keys go after the grace (10 s unless FERRY_PROTECTION_GRACE)" }
                return
            }
            do {
                try DataProtection(dataHome: context.paths.dataHome).lock()
                output.emit(["lock": "locked"]) { "locked" }
            } catch {
                throw CommandFailure(message: error.message, exit: Protection.exit(error))
            }
        }
    }
}

/// Reading a passphrase: the terminal without echo, or stdin's first line (up to a NUL).
enum PassphraseInput {
    static func read(fromStdin: Bool, confirm: Bool) throws -> [UInt8] {
        if fromStdin || isatty(0) == 0 {
            // pam_exec's expose_authtok may end the password with a NUL instead of a newline.
            let line = readLine(strippingNewline: true).map { String($0.prefix { $0 != "\0" }) }
            guard let line, !line.isEmpty else {
                throw CommandFailure(message: "no passphrase on stdin (one line expected)", exit: FerryExit.usage)
            }
            return Array(line.utf8)
        }
        let first = try prompt("Passphrase: ")
        if confirm, try prompt("New class keys; repeat the passphrase: ") != first {
            throw CommandFailure(message: "the two passphrases differ; nothing was created", exit: FerryExit.usage)
        }
        return first
    }

    private static func prompt(_ text: String) throws -> [UInt8] {
        var saved = termios()
        tcgetattr(0, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(0, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(0, TCSAFLUSH, &saved)
            _ = write(2, "\n", 1)
        }
        _ = text.withCString { write(2, $0, strlen($0)) }
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw CommandFailure(message: "no passphrase given", exit: FerryExit.usage)
        }
        return Array(line.utf8)
    }
}
