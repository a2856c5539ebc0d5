import ArgumentParser
import FerryCore
import FoundationEssentials

extension Ferry {
    struct Notifications: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Turn ferryd's desktop notifications on or off, all or one kind: offers, pairing, delivered, launch.",
            discussion: "ferryd reads the setting before each notification: no restart is needed.")

        @Argument(help: ArgumentHelp("on, off or status.", valueName: "on|off|status"), completion: Completions.notificationActions)
        var action: String = "status"

        @Argument(help: ArgumentHelp("One kind only: offers, pairing, delivered or launch.", valueName: "kind"), completion: Completions.notificationKinds)
        var kind: String?

        @OptionGroup var output: OutputOptions

        struct Result: Encodable {
            var enabled: Bool
            var kinds: [String: Bool]
        }

        func validate() throws {
            guard ["on", "off", "status"].contains(action) else {
                throw ValidationError("unknown action \(action.debugDescription); use on, off or status")
            }
            if let kind, NotificationSettings.Kind(rawValue: kind) == nil {
                throw ValidationError("unknown kind \(kind.debugDescription); use offers, pairing, delivered or launch")
            }
        }

        func run() throws {
            let configHome = Context().paths.configHome
            var settings = NotificationSettings.load(configHome: configHome)
            if action != "status" {
                settings = Self.apply(action == "on", kind: kind.flatMap(NotificationSettings.Kind.init(rawValue:)), to: settings)
                try settings.save(configHome: configHome)
            }
            let kinds = Dictionary(uniqueKeysWithValues: NotificationSettings.Kind.allCases.map { ($0.rawValue, settings.shows($0)) })
            output.emit(Result(enabled: settings.enabled, kinds: kinds)) { Self.describe(settings) }
        }

        /// `on`/`off` for everything, or for one kind (turning a kind on turns the switch on too).
        static func apply(_ on: Bool, kind: NotificationSettings.Kind?, to settings: NotificationSettings) -> NotificationSettings {
            var settings = settings
            guard let kind else {
                settings.enabled = on
                if on { settings.off = [] }
                return settings
            }
            if on {
                settings.off.remove(kind)
                settings.enabled = true
            } else {
                settings.off.insert(kind)
            }
            return settings
        }

        static func describe(_ settings: NotificationSettings) -> String {
            var text = "notifications: \(settings.enabled ? "on" : "off")\n"
            for kind in NotificationSettings.Kind.allCases {
                text += "  \(kind.rawValue): \(settings.shows(kind) ? "on" : "off")\n"
            }
            return text
        }
    }
}
