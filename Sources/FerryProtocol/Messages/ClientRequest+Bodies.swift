// The bodies of the requests (their `id` is the envelope's), and the members of those with
// rules across fields.

extension ClientRequest {
    /// Open a URL: in `app` if given, else in the scheme's handler.
    public struct Open: Codable, Sendable, Equatable {
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

        public init(url: String, app: String? = nil, source: String? = nil, annotation: String? = nil,
                    background: Bool? = nil, wait: Bool? = nil, activationToken: String? = nil) {
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
        public var app: String
        public init(app: String) {
            self.app = app
        }
    }

    /// The peer table; with `wait`, a stream of changes after it.
    public struct Peers: Codable, Sendable, Equatable {
        public var wait: Bool?
        public init(wait: Bool? = nil) {
            self.wait = wait
        }
    }

    /// A manual peer to add or remove, `HOST:PORT` or `[V6]:PORT`.
    public struct ManualPeer: Codable, Sendable, Equatable {
        public var address: String
        public init(address: String) {
            self.address = address
        }
    }

    /// Files or a URL to send to a peer named `peer`, or at `host` and `port`.
    public struct Send: Codable, Sendable, Equatable {
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

        public init(files: [String]? = nil, url: String? = nil, peer: String? = nil, host: String? = nil,
                    port: Int? = nil, fingerprint: String? = nil, app: String? = nil, offer: String? = nil) {
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
        public var mode: Mode?
        public init(mode: Mode? = nil) {
            self.mode = mode
        }
    }

    /// The trust store: `action` is `list`, `self`, `add` or `revoke`.
    public struct Trust: Codable, Sendable, Equatable {
        public var action: Action
        public var fingerprint: String?
        /// A name for `add`; a name or fingerprint prefix for `revoke`.
        public var peer: String?
        /// For `add`: whether its offers are accepted without asking (the default), or asked about.
        public var autoAccept: Bool?

        public init(action: Action, fingerprint: String? = nil, peer: String? = nil, autoAccept: Bool? = nil) {
            self.action = action
            self.fingerprint = fingerprint
            self.peer = peer
            self.autoAccept = autoAccept
        }
    }

    /// An answer to a waiting offer or pair request, by its id.
    public struct OfferAnswer: Codable, Sendable, Equatable {
        public var offer: String
        public init(offer: String) {
            self.offer = offer
        }
    }

    /// Ask a peer (by name, or at `host` and `port`) to pair.
    public struct Pair: Codable, Sendable, Equatable {
        public var peer: String?
        public var host: String?
        public var port: Int?
        public var fingerprint: String?

        public init(peer: String? = nil, host: String? = nil, port: Int? = nil, fingerprint: String? = nil) {
            self.peer = peer
            self.host = host
            self.port = port
            self.fingerprint = fingerprint
        }
    }

    /// The asking user's verdict on the code shown.
    public struct PairConfirm: Codable, Sendable, Equatable {
        public var offer: String
        public var confirmed: Bool
        public init(offer: String, confirmed: Bool) {
            self.offer = offer
            self.confirmed = confirmed
        }
    }

    /// Accept a pair request, checking `code` when given.
    public struct PairAccept: Codable, Sendable, Equatable {
        public var offer: String
        public var code: String?
        public init(offer: String, code: String? = nil) {
            self.offer = offer
            self.code = code
        }
    }

    /// What is saved for `app`; with `discard`, remove it.
    public struct StateQuery: Codable, Sendable, Equatable {
        public var app: String
        public var discard: Bool?
        public init(app: String, discard: Bool? = nil) {
            self.app = app
            self.discard = discard
        }
    }
}

extension ClientRequest.Send {
    /// A send names files or a URL, and a peer or a host and port.
    init(_ o: WireObject) throws(WireError) {
        self.init(files: try o.strings("files"), url: try o.string("url"), peer: try o.string("peer"), host: try o.string("host"),
                  port: try o.int("port"), fingerprint: try o.string("fingerprint"), app: try o.string("app"), offer: try o.string("offer"))
        pin = try o.string("pin")
        guard files != nil || url != nil else { throw WireError(.malformedFrame, "a send names \"files\" or a \"url\" (see docs/protocol.md)") }
        guard peer != nil || (host != nil && port != nil) else {
            throw WireError(.malformedFrame, "a send names a \"peer\", or a \"host\" and \"port\" (see docs/protocol.md)")
        }
    }

    func write(to out: inout JSONWriter) {
        out.field("url", url)
        out.field("app", app)
        out.strings("files", files)
        out.field("host", host)
        out.field("port", port)
        out.field("fingerprint", fingerprint)
        out.field("peer", peer)
        out.field("offer", offer)
        out.field("pin", pin)
    }
}

extension ClientRequest.Pair {
    /// A pair names a peer, or a host and port.
    init(_ o: WireObject) throws(WireError) {
        self.init(peer: try o.string("peer"), host: try o.string("host"), port: try o.int("port"), fingerprint: try o.string("fingerprint"))
        guard peer != nil || (host != nil && port != nil) else {
            throw WireError(.malformedFrame, "a pair names a \"peer\", or a \"host\" and \"port\" (see docs/protocol.md)")
        }
    }
}
