import FerryCore
import FerryDBus
import Logging
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// "Show in folder": the file manager through `org.freedesktop.FileManager1.ShowItems`, else
/// `xdg-open` of the folder.
struct FolderShower: Sendable {
    let environment: [String: String]
    let logger: Logger

    func show(_ path: String) async {
        if await showItems(path) { return }
        let folder = FerryPaths.parent(of: path)
        let pid: pid_t
        do {
            pid = try Launcher.spawn("/usr/bin/env", arguments: ["env", "xdg-open", folder], environment: environment)
        } catch {
            logger.notice("cannot show the folder", metadata: ["folder": "\(folder)", "error": "\(String(cString: strerror(error.code)))"])
            return
        }
        // Reaped off the event loops: xdg-open exits once it has handed the folder over.
        _ = try? await NIOThreadPool.singleton.runIfActive { Launcher.wait(for: pid) }
    }

    private func showItems(_ path: String) async -> Bool {
        guard let bus = try? DBusConnection.session(environment: environment) else { return false }
        defer { bus.close() }
        let call = DBusMethodCall(
            destination: "org.freedesktop.FileManager1", path: "/org/freedesktop/FileManager1",
            interface: "org.freedesktop.FileManager1", member: "ShowItems",
            arguments: [.strings([FileURL.make(path)]), .string("")], timeout: .seconds(5))
        return (try? await bus.call(call)) != nil
    }
}
