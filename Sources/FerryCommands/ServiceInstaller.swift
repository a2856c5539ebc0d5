import FerryCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// `ferry daemon --install-service`: writes the units, then asks systemd to reload them when a
/// user manager is there to ask.
struct ServiceInstaller {
    let context: Context
    let output: OutputOptions

    struct Result: Encodable {
        var folder: String
        var units: [String]
        var reloaded: Bool
        var next: String
    }

    var folder: String {
        let config = context.environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (context.environment["HOME"] ?? "/") + "/.config"
        return config + "/systemd/user"
    }

    func install(ferryd: String) throws {
        let ferryd = ferryd.hasPrefix("/") ? ferryd : FileManager.default.currentDirectoryPath + "/" + ferryd
        guard !ferryd.contains(where: { $0 == " " || $0 == "\n" || $0 == "%" }) else {
            throw CommandFailure(message: "the ferryd path \(ferryd) contains a space, % or newline, which a unit's ExecStart would split; move it", exit: FerryExit.cannotWrite)
        }
        let units = [(ServiceUnits.serviceName, ServiceUnits.service(ferryd: ferryd)), (ServiceUnits.socketName, ServiceUnits.socket())]
        for (name, text) in units {
            do { try AtomicFile.write(text, to: folder + "/" + name) } catch {
                throw CommandFailure(message: error.description, exit: FerryExit.cannotWrite)
            }
            output.detail("wrote \(folder)/\(name)")
        }
        let reloaded = reload()
        let next = (reloaded ? "" : "systemctl --user daemon-reload && ") + "systemctl --user enable --now \(ServiceUnits.socketName)"
        output.emit(Result(folder: folder, units: units.map { folder + "/" + $0.0 }, reloaded: reloaded, next: next)) {
            "wrote \(ServiceUnits.serviceName) and \(ServiceUnits.socketName) to \(folder)\n"
                + (reloaded ? "" : "no systemd user manager answered; ") + "next: \(next)"
        }
    }

    /// `systemctl --user daemon-reload`, when systemctl is installed; false when it is not or fails
    /// (no user manager running, as in containers).
    private func reload() -> Bool {
        let path = (context.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/systemctl" }.first { (candidate: String) in access(candidate, X_OK) == 0 }
        guard let path else {
            output.detail("systemctl not installed")
            return false
        }
        var environment = context.environment
        environment["SYSTEMD_LOG_LEVEL"] = "crit"
        guard let pid = try? Launcher.spawn(path, arguments: [path, "--user", "daemon-reload"], environment: environment,
                                            output: "/dev/null") else { return false }
        let status = Launcher.wait(for: pid)
        output.detail("systemctl --user daemon-reload: \(status == .exited(0) ? "done" : "failed (\(status.shellStatus))")")
        return status == .exited(0)
    }
}
