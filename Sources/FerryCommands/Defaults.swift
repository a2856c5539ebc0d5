import ArgumentParser
import FerryCore

extension Ferry {
    /// `ferry defaults read|write|delete`: an app's user defaults from the shell, as macOS's
    /// `defaults` works on a domain.
    struct Defaults: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read, write or delete an app's user defaults (as macOS's defaults does).",
            discussion: """
                The domain is the app's bundle identifier; it is stored in the app's container as \
                Library/Preferences/ID.plist. 'read' shows what the app sees: the administrator's \
                values (FERRY_ADMIN_DEFAULTS_DIR, default /etc/ferry/defaults) over the user's. \
                A running app is told of a change (userDefaultsDidChange).
                """,
            subcommands: [Read.self, Write.self, Delete.self])
    }
}

extension Ferry.Defaults {
    struct Read: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a domain as old-style plist text, or one key's value.")

        @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "domain"), completion: Completions.bundleIdentifiers)
        var domain: String
        @Argument(help: "The key to print; all of them without one.")
        var key: String?

        func run() throws {
            let domain = DefaultsDomain(domain, context: Context())
            let layers = try domain.layers()
            guard let key else {
                guard domain.exists || !layers.merged.isEmpty else { throw DefaultsDomain.missingDomain(self.domain) }
                return print(PropertyListValue.dictionary(layers.merged).oldStyleText())
            }
            guard let value = layers[key] else { throw DefaultsDomain.missingPair(self.domain, key) }
            print(value.defaultsReadText)
        }
    }

    struct Write: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a key: -string, -int, -float, -bool, -array, -array-add, -dict or -dict-add, then the value.",
            discussion: "A value without a type is a string. -bool takes YES, NO, true, false, 1 or 0.")

        @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "domain"), completion: Completions.bundleIdentifiers)
        var domain: String
        @Argument(help: "The key to set.")
        var key: String
        @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("[-TYPE] VALUE…", valueName: "value"))
        var value: [String] = []

        func run() throws {
            let context = Context()
            guard context.registry(mentioning: [domain]).app(domain) != nil else {
                throw CommandFailure(message: "no app \(domain) is installed; see ferry apps", exit: FerryExit.unknownApp)
            }
            let typed = try DefaultsValue.parse(value, key: key)
            let domain = DefaultsDomain(domain, context: context)
            try domain.update { entries in entries[key] = typed.applied(to: entries[key]) }
            if let forcedBy = domain.forcingFile(of: key) {
                printError("ferry: note: \(forcedBy) sets \(key) for \(self.domain); the app sees that value, not this one")
            }
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a key, or the whole domain.")

        @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "domain"), completion: Completions.bundleIdentifiers)
        var domain: String
        @Argument(help: "The key to delete; the whole domain without one.")
        var key: String?

        func run() throws {
            let domain = DefaultsDomain(domain, context: Context())
            guard let key else {
                guard domain.exists else {
                    throw CommandFailure(message: "Domain (\(self.domain)) not found; defaults have not been changed", exit: FerryExit.no)
                }
                return try domain.update { $0 = [:] }
            }
            guard try domain.update({ $0.removeValue(forKey: key) != nil }) else {
                throw DefaultsDomain.missingPair(self.domain, key)
            }
        }
    }
}
