import FerryCore
import FerryDBus

/// Hands a URL to a `DBusActivatable` desktop app the way the Desktop Entry specification says:
/// `org.freedesktop.Application.Open([uri], platform-data)` on its well-known name, which the
/// session bus starts first when it has no owner. One connection per open: ferryd holds no
/// session-bus connection while idle, and a bus restarted under it costs nothing.
struct DBusAppOpener: Sendable {
    /// The environment the session bus is found in (`DBUS_SESSION_BUS_ADDRESS`, `XDG_RUNTIME_DIR`).
    var environment: [String: String]
    /// How long `Open` may take, bus activation included, before the app counts as hung.
    var timeout: Duration

    /// What happened: whether the bus had to start the app, and its process.
    struct Opened: Sendable, Equatable {
        var launched: Bool
        var pid: Int32?
    }

    /// Opens `url` in the app at `target`.
    ///
    /// - Parameters:
    ///   - url: The URL, passed as given.
    ///   - target: The app's bus name and object path.
    ///   - app: The desktop file id, for messages.
    ///   - platformData: See ``platformData(token:background:)``.
    /// - Throws: `DaemonError` (`failedToStart` when the app cannot be started, `appFailed` when
    ///   it refused the URL or did not answer in time).
    func open(_ url: String, at target: DBusActivation, app: String, platformData: [String: DBusValue]) async throws(DaemonError) -> Opened {
        let failure = DBusOpenFailure(app: app, busName: target.busName, url: url, timeout: timeout)
        do {
            let bus = try DBusConnection.session(environment: environment)
            defer { bus.close() }
            let running = try await bus.nameHasOwner(target.busName)
            _ = try await bus.call(DBusMethodCall(
                destination: target.busName, path: target.objectPath, interface: DBusActivation.interface, member: "Open",
                arguments: [.strings([url]), .vardict(platformData)], timeout: timeout))
            let pid = try? await bus.processID(of: target.busName)
            return Opened(launched: !running, pid: pid.map { Int32(bitPattern: $0) })
        } catch let error as DBusError {
            throw failure.error(for: error)
        } catch {
            throw DaemonError.appFailed("the open of \(url) in \(app) was cancelled")
        }
    }

    /// `platform-data` for `Open`: the caller's activation token as both `activation-token`
    /// (Wayland's xdg-activation) and `desktop-startup-id` (X11 startup notification), as GIO
    /// sends it. None for a background open, so that focus-stealing prevention keeps the app behind.
    static func platformData(token: String?, background: Bool) -> [String: DBusValue] {
        guard let token, !token.isEmpty, !background else { return [:] }
        return ["activation-token": .string(token), "desktop-startup-id": .string(token)]
    }
}
