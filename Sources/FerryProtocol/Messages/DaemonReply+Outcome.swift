extension DaemonReply {
    /// How a request went: the `outcome` of every `result`, grouped by the requests that send it
    /// (docs/protocol.md lists them per request).
    public enum Outcome: String, WireWord {
        /// Any request that failed; the result's `failure` says how, `message` why.
        case failed
        /// A request done with nothing more to say (`ps`, `peers add`, `trust list`, `pending`, …).
        case ok
        // `open`: what the handler was doing when the URL arrived.
        case launched, background, foreground, active, declined
        /// A command app: the client starts the result's `command` itself, in its terminal.
        case command
        // `quit`, `kill`, `memory-warning`, `ping`.
        case quit, killed, sent, pong
        // `state`.
        case discarded, none, saved, damaged
        // `peers`: discovery's status; `peers add|remove` that changed nothing.
        case disabled, running, unchanged
        case avahiNotRunning = "avahi-not-running"
        // File transfers and pairing.
        case delivered, cancelled, trusted, revoked, accepted, pending, paired, stopped
        // `receiving`: the mode now in force.
        case off, contacts, everyone
        // Data protection.
        case unavailable, created, unlocked, locked
        case wrongPassphrase = "wrong-passphrase"

        public static let wireName = "outcome"
    }
}

extension DaemonReply.Progress {
    /// A step of a long request.
    public enum Event: String, WireWord {
        /// `send`, `pair-confirm`, `pair-accept`: waiting for the other user.
        case waiting
        /// `send`: the receiver took the offer (`bytes` already there, of `total`).
        case accepted
        /// `send`: bytes sent so far.
        case progress
        /// `send`: a batch of files finished (`files`).
        case fileDone = "file-done"
        /// `web-share`: the share is up (`items` are its URLs); a device downloaded; guessing
        /// ran the PIN budget out and the share has a new PIN (`message`).
        case shared, download, pin

        public static let wireName = "progress event"
    }
}

extension DaemonReply.PeerChange {
    /// What happened to the peer in the change.
    public enum Event: String, WireWord {
        case added, updated, removed
        public static let wireName = "peer event"
    }
}

extension Handshake.Hello {
    /// Who says `hello`: a client (`ferry`, or an app asking something), or a managed app.
    public enum Role: String, WireWord {
        case client, app
        public static let wireName = "role"
    }
}

extension ClientRequest.Trust {
    /// What a `trust` request does to the trust store.
    public enum Action: String, WireWord {
        case list
        case `self`
        case add, revoke
        public static let wireName = "trust action"
    }
}

extension ClientRequest.Receiving {
    /// Who may send to this device.
    public enum Mode: String, WireWord {
        case off, contacts, everyone
        public static let wireName = "receiving mode"
    }
}

extension ClientRequest.Receiving.Mode {
    /// The `outcome` of a `receiving` request that leaves this mode in force.
    public var outcome: DaemonReply.Outcome {
        switch self {
        case .off: .off
        case .contacts: .contacts
        case .everyone: .everyone
        }
    }
}

extension ClientRequest.Lock {
    /// How `lock` locks: `now` removes the keys without the grace period.
    public enum Mode: String, WireWord {
        case now
        public static let wireName = "lock mode"
    }
}

extension DaemonReply {
    /// Why a request failed, in the `failure` of a `failed` result: the daemon names the kind,
    /// and the CLI alone picks the exit status that goes with it (FerryCommands, `FerryExit`).
    public enum Failure: String, WireWord {
        /// The URL is not valid under RFC 3986.
        case invalidURL = "invalid-url"
        /// A named bundle identifier is not installed.
        case unknownApp = "unknown-app"
        /// No app handles the URL's scheme.
        case noHandler = "no-handler"
        /// The handler could not be started.
        case launchFailed = "launch-failed"
        /// The app is not running (`quit`, `kill`).
        case notRunning = "not-running"
        /// The app cannot do what was asked (a command app to quit, say).
        case invalidApp = "invalid-app"
        /// Saved state could not be read or written.
        case cannotWrite = "cannot-write"
        /// The app failed or timed out while handling the request.
        case appFailed = "app-failed"
        /// The receiver declined or refused (mode, trust, limits, space).
        case declined
        /// A send or a pairing failed (a certificate that does not match, a lost connection).
        case transferFailed = "transfer-failed"
        /// A send stopped by a `cancel` request.
        case cancelled
        /// A peer name that matches more than one peer.
        case ambiguousPeer = "ambiguous-peer"
        /// Nothing goes by that name: a send id, a trusted peer, an offer or a pairing request.
        case notFound = "not-found"

        public static let wireName = "failure"
    }
}
