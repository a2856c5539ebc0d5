import FerryCore
import FerryProtection

/// `ferry doctor`'s data-protection lines, once `ferry unlock` made the keys: a filesystem that
/// cannot enforce classes, keys missing since boot, a key open files still hold.
enum ProtectionDoctor {
    static func problems(_ context: Context) -> [Ferry.Doctor.Problem] {
        let protection = DataProtection(dataHome: context.paths.dataHome)
        // Before Ferry made its data home, its nearest folder tells which filesystem it will be on.
        guard let existing = nearestFolder(context.paths.dataHome) else { return [] }
        // Until the first `ferry unlock` nobody asked for protection: no line, so doctor stays
        // quiet on machines that do not use it.
        guard (try? protection.store.load()) != nil else { return [] }
        var problems: [Ferry.Doctor.Problem] = []
        if !FilesystemKeyring(path: existing).isSupported {
            problems.append(.init(
                subject: "data protection",
                problem: "\(context.paths.dataHome) is on a filesystem without fscrypt: protection classes are unenforced (nothing is encrypted)",
                fix: "on ext4: unmount it and run tune2fs -O encrypt /dev/DEVICE (see docs/protection.md); or keep XDG_DATA_HOME on a filesystem with fscrypt"))
        }
        problems += keyProblems(protection)
        return problems
    }

    /// The keys as the kernel has them: none since the filesystem was mounted (boot), or a key
    /// that open files still hold after a lock.
    static func keyProblems(_ protection: DataProtection) -> [Ferry.Doctor.Problem] {
        guard let states = try? protection.keyStates(), !states.isEmpty else { return [] }
        var problems: [Ferry.Doctor.Problem] = []
        if states[.completeUntilFirstUserAuthentication] == .absent {
            problems.append(.init(subject: "data protection",
                                  problem: "not unlocked since the filesystem was mounted (boot): protected containers and Inboxes cannot be opened",
                                  fix: "run ferry unlock, or unlock at login with the PAM line in docs/protection.md"))
        }
        let held = states.filter { $0.value == .incompletelyRemoved }.keys.map(\.rawValue).sorted()
        if !held.isEmpty {
            problems.append(.init(subject: "data protection",
                                  problem: "the \(held.joined(separator: " and ")) key is still in the kernel after the lock: files opened before it are still open",
                                  fix: "quit the apps holding them (ferry ps); ferryd removes the key as soon as they are closed"))
        }
        return problems
    }

    static func nearestFolder(_ path: String) -> String? {
        var folder = path
        while !FileSystem.isDirectory(folder) {
            guard let slash = folder.lastIndex(of: "/"), slash != folder.startIndex else { return nil }
            folder = String(folder[..<slash])
        }
        return folder
    }
}

/// `ferry ps`'s line on the lock and the class keys.
enum ProtectionLine {
    static func text(_ report: DaemonReply.ProtectionReport?) -> String {
        guard let report else { return "" }
        let keys = report.keys.keys.sorted().map { "\($0) \(report.keys[$0]!)" }.joined(separator: ", ")
        var line = "\ndata protection: \(report.lock)" + (report.enforced ? "" : " (unenforced)")
        if !keys.isEmpty { line += "; keys: " + keys }
        if let held = report.held, held > 0 { line += "; \(held) received file(s) held until unlock" }
        return line
    }
}
