import FerryDBus
import Foundation
import Logging

/// "Show in folder": the file manager through `org.freedesktop.FileManager1.ShowItems`, else
/// `xdg-open` of the folder.
struct FolderShower: Sendable {
    let environment: [String: String]
    let logger: Logger

    func show(_ path: String) async {
        if await showItems(path) { return }
        let folder = (path as NSString).deletingLastPathComponent
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", folder]
        process.environment = environment
        do { try process.run() } catch {
            logger.notice("cannot show the folder", metadata: ["folder": "\(folder)", "error": "\(error)"])
        }
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
