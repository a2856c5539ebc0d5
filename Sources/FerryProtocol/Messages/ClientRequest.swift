/// What a client (`ferry`, or an app on a client connection) asks the daemon; each answered by
/// ``DaemonReply`` frames with the same `id`.
public enum ClientRequest: Sendable, Equatable {
    case open(Open)
    case ps(Plain)
    case quit(AppTarget)
    case kill(AppTarget)
    case memoryWarning(Plain)
    case ping(Plain)
    case peers(Peers)
    case peerAdd(ManualPeer)
    case peerRemove(ManualPeer)
    case send(Send)
    case receiving(Receiving)
    case trust(Trust)
    case pending(Plain)
    case accept(OfferAnswer)
    case decline(OfferAnswer)
    /// Stop the running `send` named `offer`.
    case cancel(OfferAnswer)
    case pair(Pair)
    case pairPending(Plain)
    case pairConfirm(PairConfirm)
    case pairAccept(PairAccept)
    case pairDecline(OfferAnswer)
    case state(StateQuery)
    /// Data protection (ClientRequest+Protection.swift).
    case unlock(Unlock)
    case lock(Lock)
    case protectionStatus(Plain)
    /// LocalSend's web share of `files` until the client leaves (ClientRequest+WebShare.swift).
    case webShare(WebShare)

    /// A request that carries nothing but its id.
    public struct Plain: Codable, Sendable, Equatable {
        public var id: Int
        public init(id: Int) { self.id = id }
    }

    /// Open a URL: in `app` if given, else in the scheme's handler.
    public struct Open: Codable, Sendable, Equatable {
        public var id: Int
        public var url: String
        public var app: String?
        public var source: String?
        public var annotation: String?
        public var background: Bool?
        /// Answer after the app's `open` returned, with `handled`.
        public var wait: Bool?
        /// The caller's `XDG_ACTIVATION_TOKEN` (else `DESKTOP_STARTUP_ID`), for a D-Bus activated
        /// app's platform-data, so that the desktop lets it come forward.
        public var activationToken: String?

        public init(id: Int, url: String, app: String? = nil, source: String? = nil, annotation: String? = nil,
                    background: Bool? = nil, wait: Bool? = nil, activationToken: String? = nil) {
            self.id = id
            self.url = url
            self.app = app
            self.source = source
            self.annotation = annotation
            self.background = background
            self.wait = wait
            self.activationToken = activationToken
        }
    }

    /// `quit` or `kill` one app.
    public struct AppTarget: Codable, Sendable, Equatable {
        public var id: Int
        public var app: String
        public init(id: Int, app: String) {
            self.id = id
            self.app = app
        }
    }

    /// The peer table; with `wait`, a stream of changes after it.
    public struct Peers: Codable, Sendable, Equatable {
        public var id: Int
        public var wait: Bool?
        public init(id: Int, wait: Bool? = nil) {
            self.id = id
            self.wait = wait
        }
    }

    /// A manual peer to add or remove, `HOST:PORT` or `[V6]:PORT`.
    public struct ManualPeer: Codable, Sendable, Equatable {
        public var id: Int
        public var address: String
        public init(id: Int, address: String) {
            self.id = id
            self.address = address
        }
    }

    /// Files or a URL to send to a peer named `peer`, or at `host` and `port`.
    public struct Send: Codable, Sendable, Equatable {
        public var id: Int
        public var files: [String]?
        public var url: String?
        public var peer: String?
        public var host: String?
        public var port: Int?
        public var fingerprint: String?
        public var app: String?
        /// A name for this send, unique among those running, for `cancel`.
        public var offer: String?
        /// The PIN a LocalSend receiver asks for.
        public var pin: String?

        public init(id: Int, files: [String]? = nil, url: String? = nil, peer: String? = nil, host: String? = nil,
                    port: Int? = nil, fingerprint: String? = nil, app: String? = nil, offer: String? = nil) {
            self.id = id
            self.files = files
            self.url = url
            self.peer = peer
            self.host = host
            self.port = port
            self.fingerprint = fingerprint
            self.app = app
            self.offer = offer
        }
    }

    /// Read, or set, who may send to this device: `off`, `contacts`, `everyone`.
    public struct Receiving: Codable, Sendable, Equatable {
        public var id: Int
        public var mode: Mode?
        public init(id: Int, mode: Mode? = nil) {
            self.id = id
            self.mode = mode
        }
    }

    /// The trust store: `action` is `list`, `self`, `add` or `revoke`.
    public struct Trust: Codable, Sendable, Equatable {
        public var id: Int
        public var action: Action
        public var fingerprint: String?
        /// A name for `add`; a name or fingerprint prefix for `revoke`.
        public var peer: String?
        /// For `add`: whether its offers are accepted without asking (the default), or asked about.
        public var autoAccept: Bool?

        public init(id: Int, action: Action, fingerprint: String? = nil, peer: String? = nil, autoAccept: Bool? = nil) {
            self.id = id
            self.action = action
            self.fingerprint = fingerprint
            self.peer = peer
            self.autoAccept = autoAccept
        }
    }

    /// An answer to a waiting offer or pair request, by its id.
    public struct OfferAnswer: Codable, Sendable, Equatable {
        public var id: Int
        public var offer: String
        public init(id: Int, offer: String) {
            self.id = id
            self.offer = offer
        }
    }

    /// Ask a peer (by name, or at `host` and `port`) to pair.
    public struct Pair: Codable, Sendable, Equatable {
        public var id: Int
        public var peer: String?
        public var host: String?
        public var port: Int?
        public var fingerprint: String?

        public init(id: Int, peer: String? = nil, host: String? = nil, port: Int? = nil, fingerprint: String? = nil) {
            self.id = id
            self.peer = peer
            self.host = host
            self.port = port
            self.fingerprint = fingerprint
        }
    }

    /// The asking user's verdict on the code shown.
    public struct PairConfirm: Codable, Sendable, Equatable {
        public var id: Int
        public var offer: String
        public var confirmed: Bool
        public init(id: Int, offer: String, confirmed: Bool) {
            self.id = id
            self.offer = offer
            self.confirmed = confirmed
        }
    }

    /// Accept a pair request, checking `code` when given.
    public struct PairAccept: Codable, Sendable, Equatable {
        public var id: Int
        public var offer: String
        public var code: String?
        public init(id: Int, offer: String, code: String? = nil) {
            self.id = id
            self.offer = offer
            self.code = code
        }
    }

    /// What is saved for `app`; with `discard`, remove it.
    public struct StateQuery: Codable, Sendable, Equatable {
        public var id: Int
        public var app: String
        public var discard: Bool?
        public init(id: Int, app: String, discard: Bool? = nil) {
            self.id = id
            self.app = app
            self.discard = discard
        }
    }
}
