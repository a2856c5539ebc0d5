import FerryCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The values behind ``Completions``, read the way the matching commands read them. Each returns
/// an empty list rather than fail: a completion has nowhere to show an error.
struct CompletionValues {
    var context = Context()

    /// Installed apps, highest precedence first (`ferry apps`).
    func bundleIdentifiers() -> [String] {
        context.registry().apps.map(\.bundleIdentifier)
    }

    /// Every claimed scheme (`ferry schemes`).
    func schemes() -> [String] {
        context.registry().claimedSchemes
    }

    /// For `ferry default`: claimed schemes, then the MIME types installed apps declare.
    func handlerKeys() -> [String] {
        let registry = context.registry()
        let mimeTypes = registry.apps.flatMap { $0.manifest.documentTypes.filter { $0.rank != .none }.flatMap(\.mimeTypes) }
        return registry.claimedSchemes + Array(Set(mimeTypes)).sorted()
    }

    /// For `ferry open`: paths under `prefix` (folders end in `/`), and `SCHEME:` for each claimed
    /// scheme while the prefix could still be a URL.
    func openTargets(prefix: String) -> [String] {
        let urls = prefix.contains("/") ? [] : schemes().map { $0 + ":" }
        return urls + paths(prefix: prefix)
    }

    /// Entries of the folder `prefix` points into whose names start with its last component;
    /// hidden ones only when that component starts with a dot.
    func paths(prefix: String) -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let folder = slash.map { String(prefix[...$0]) } ?? ""
        let start = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        let expanded = folder.hasPrefix("~/") ? (context.environment["HOME"] ?? "") + folder.dropFirst() : folder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: expanded.isEmpty ? "." : expanded) else { return [] }
        return names.filter { $0.hasPrefix(start) && (start.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted().map { name in
            var info = stat()
            let isFolder = stat((expanded.isEmpty ? "./" : expanded) + name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            return folder + name + (isFolder ? "/" : "")
        }
    }

    /// Apps with a saved state archive (`$XDG_STATE_HOME/ferry/state/ID.state`), else every app.
    func stateApps() -> [String] {
        let folder = Self.stateHome(context.environment) + "/ferry/state"
        let saved = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".state") }.map { String($0.dropLast(".state".count)) }.sorted()
        return saved.isEmpty ? bundleIdentifiers() : saved
    }

    /// Peer names and manual peers' `HOST:PORT`, from a running ferryd.
    func peers() -> [String] {
        let rows = RunningDaemon(context: context).ask(.peers(.init()))?.peers ?? []
        return unique(rows.flatMap { $0.source == "manual" ? [$0.name, "\($0.host):\($0.port)"] : [$0.name] })
    }

    /// The ids of the offers waiting for `ferry accept` or `ferry decline`.
    func pendingOffers() -> [String] {
        (RunningDaemon(context: context).ask(.pending)?.offers ?? []).map(\.id)
    }

    /// The ids of the pair requests waiting for `ferry pair --accept` or `--decline`.
    func pairRequests() -> [String] {
        (RunningDaemon(context: context).ask(.pairPending)?.pairRequests ?? []).map(\.id)
    }

    /// For `ferry trust revoke`: trusted names and fingerprints; for `add`: discovered peers'
    /// fingerprints; nothing for the other actions.
    func trustPeers(action: String?) -> [String] {
        let daemon = RunningDaemon(context: context)
        switch action {
        case "revoke":
            let rows = daemon.ask(.trust(.init(action: .list)))?.trusted ?? []
            return unique(rows.map(\.name) + rows.map(\.fingerprint))
        case "add":
            return unique((daemon.ask(.peers(.init()))?.peers ?? []).compactMap(\.fingerprint))
        default:
            return []
        }
    }

    /// `$XDG_STATE_HOME` when absolute, else `~/.local/state`.
    static func stateHome(_ environment: [String: String]) -> String {
        environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "/") + "/.local/state"
    }

    private func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}
