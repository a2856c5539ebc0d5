import FerryDBus

/// One line for each way an `Open` over D-Bus fails, with the failure kind the CLI turns into an
/// exit code: the app could not be started (`failedToStart`, exit 71), or it refused the URL or
/// hung (`appFailed`, exit 75).
struct DBusOpenFailure: Sendable {
    var app: String
    var busName: String
    var url: String
    var timeout: Duration

    /// The kind of failure an error from the bus or the app stands for.
    enum Kind: Equatable {
        case noBus, noServiceFile, activationFailed, hung, refused, lost
    }

    static func kind(of error: DBusError) -> Kind {
        switch error.code {
        case .noBus, .connect: return .noBus
        case .closed, .io: return .lost
        default: break
        }
        switch error.remoteName {
        case "org.freedesktop.DBus.Error.ServiceUnknown": return .noServiceFile
        case "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Timeout": return .hung
        case let name? where name.hasPrefix("org.freedesktop.DBus.Error.Spawn.") || name == "org.freedesktop.DBus.Error.TimedOut":
            return .activationFailed
        default: return .refused
        }
    }

    func error(for error: DBusError) -> DaemonError {
        switch Self.kind(of: error) {
        case .noBus:
            return .failedToStart("\(app) is started over D-Bus, but ferryd reaches no session bus: \(error.message); "
                                  + "run ferryd inside your desktop session (DBUS_SESSION_BUS_ADDRESS)")
        case .noServiceFile:
            return .failedToStart("\(app) is DBusActivatable, but no D-Bus service file provides \(busName): "
                                  + "install \(busName).service in a dbus-1/services folder, or reinstall the app")
        case .activationFailed:
            return .failedToStart("the session bus could not start \(app) (\(busName)): \(Self.remoteText(error)); "
                                  + "check the Exec line of \(busName).service")
        case .hung:
            return .appFailed("\(app) (\(busName)) did not answer Open for \(url) within \(Self.seconds(timeout)); it may be hung")
        case .refused:
            return .appFailed("\(app) (\(busName)) refused Open for \(url): \(Self.remoteText(error))")
        case .lost:
            return .appFailed("the session bus went away while opening \(url) in \(app): \(error.message)")
        }
    }

    /// The peer's own words, without sd-bus's "DEST Open failed:" prefix, and the error name.
    private static func remoteText(_ error: DBusError) -> String {
        let words = error.message.firstRange(of: " failed: ").map { String(error.message[$0.upperBound...]) } ?? error.message
        return error.remoteName.map { "\(words) (\($0))" } ?? words
    }

    private static func seconds(_ duration: Duration) -> String {
        let millis = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return millis % 1000 == 0 ? "\(millis / 1000) s" : "\(Double(millis) / 1000) s"
    }
}
