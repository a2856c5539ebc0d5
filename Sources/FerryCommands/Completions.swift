import ArgumentParser
import FerryCore
import FerryProtection

/// The live values shell completion offers (bash, zsh, fish call `ferry ---completion …` on TAB).
///
/// Each provider is a closure argument-parser runs only when a shell asks: building a command's
/// arguments for a normal run never calls one, and `ferry open` skips argument-parser altogether.
/// Providers never start ferryd and give up on it after ``RunningDaemon/budget``.
enum Completions {
    /// Installed apps' bundle identifiers, as `ferry apps` lists them.
    static let bundleIdentifiers = CompletionKind.custom { _, _, _ in CompletionValues().bundleIdentifiers() }

    /// Claimed schemes, as `ferry schemes` lists them.
    static let schemes = CompletionKind.custom { _, _, _ in CompletionValues().schemes() }

    /// What `ferry default` takes: claimed schemes and the MIME types installed apps declare.
    static let handlerKeys = CompletionKind.custom { _, _, _ in CompletionValues().handlerKeys() }

    /// What `ferry open` takes: files and folders under the typed prefix, and `SCHEME:` for each
    /// claimed scheme.
    static let openTargets = CompletionKind.custom { _, _, prefix in CompletionValues().openTargets(prefix: prefix) }

    /// Peer names (discovered and manual) from a running ferryd.
    static let peers = CompletionKind.custom { _, _, _ in CompletionValues().peers() }

    /// Ids of the offers waiting in `ferry inbox pending`, from a running ferryd.
    static let pendingOffers = CompletionKind.custom { _, _, _ in CompletionValues().pendingOffers() }

    /// Ids of the pair requests waiting for `ferry pair --accept/--decline`, from a running ferryd.
    static let pairRequests = CompletionKind.custom { _, _, _ in CompletionValues().pairRequests() }

    /// `ferry trust`'s second argument: trusted names and fingerprints to revoke, discovered
    /// peers' fingerprints to add.
    static let trustPeers = CompletionKind.custom { words, _, _ in
        CompletionValues().trustPeers(action: words.drop { $0 != "trust" }.dropFirst().first { !$0.hasPrefix("-") })
    }

    /// Apps with saved state (`ferry state`), else every installed app.
    static let stateApps = CompletionKind.custom { _, _, _ in CompletionValues().stateApps() }

    /// `ferry inbox`'s argument: `pending` and the installed apps.
    static let inboxApps = CompletionKind.custom { _, _, _ in ["pending"] + CompletionValues().bundleIdentifiers() }

    static let receivingModes = CompletionKind.list(["off", "contacts", "everyone"])
    static let trustActions = CompletionKind.list(["list", "self", "add", "revoke"])
    static let notificationActions = CompletionKind.list(["on", "off", "status"])
    static let notificationKinds = CompletionKind.list(NotificationSettings.Kind.allCases.map(\.rawValue))
    static let protectionClasses = CompletionKind.list(ProtectionClass.allCases.map(\.rawValue))
}
