/// One service instance as Avahi reports it: per interface and address family.
struct ServiceKey: Hashable, Sendable {
    var interface: Int32
    var protocolFamily: Int32
    var name: String
    var type: String
    var domain: String
}

/// A resolved instance: where it is and what its TXT record says.
struct ResolvedService: Sendable, Equatable {
    var key: ServiceKey
    var hostName: String
    var address: String
    var port: Int
    var txt: [String]
    /// Found through Avahi (mDNS), or in a wide-area domain.
    var source: Peer.Source = .multicast
}

/// What the Avahi poll thread tells the discovery service.
enum AvahiEvent: Sendable, Equatable {
    /// The client reached avahi-daemon and may publish and browse.
    case running
    /// avahi-daemon is not (or no longer) there; the client waits for it.
    case connecting
    /// Our host name is being registered or collided; services are withdrawn until `running`.
    case hostNameChanging
    /// The client failed; `disconnected` means avahi-daemon went away and a new client is needed.
    case clientFailed(message: String, disconnected: Bool)
    /// No client could be made at all (no D-Bus system bus, for instance).
    case unavailable(message: String)
    /// Our service is announced under `name`.
    case published(name: String)
    /// Our name was taken on the network; we now try `newName`.
    case renamed(from: String, to: String)
    case publishFailed(message: String)
    case found(ResolvedService)
    case removed(ServiceKey)
    case resolveFailed(ServiceKey, message: String)
    /// The browser has reported everything it knows at the moment.
    case allForNow
    case browseFailed(message: String)
}
