import Foundation

/// A LocalSend device seen by multicast or register.
public struct LocalSendPeer: Sendable, Equatable {
    public var info: LocalSendInfo
    /// The address its messages came from.
    public var address: String
    /// Lowercase hex: its certificate's SHA-256 when it was seen over TLS, else what it declared.
    public var fingerprint: String
    /// Whether ``fingerprint`` came from a TLS certificate rather than from the device's word.
    public var verified: Bool
    /// Seconds since the Unix epoch.
    public var lastSeen: Double

    public var port: Int { info.port ?? LocalSendSettings.defaultPort }
}

/// The LocalSend devices seen lately, by fingerprint. A device that stops announcing is dropped
/// after ``maximumAge`` seconds.
public actor LocalSendPeerTable {
    var peers: [String: LocalSendPeer] = [:]
    /// This device's own fingerprint: its announcements come back by multicast loop.
    var own: String
    let maximumAge: Double
    /// Devices added by hand (`ferry peers add HOST:PORT`), by fingerprint: kept until removed.
    var manual: Set<String> = []

    /// - Parameter ownFingerprint: This device's, when known now (else ``setOwnFingerprint(_:)``).
    public init(ownFingerprint: String = "", maximumAge: Double = 180) {
        own = ownFingerprint.lowercased()
        self.maximumAge = maximumAge
    }

    /// This device's fingerprint, once its identity is loaded: its own messages are ignored.
    public func setOwnFingerprint(_ fingerprint: String) {
        own = fingerprint.lowercased()
    }

    /// Records a device. A certificate's fingerprint wins over the declared one; an entry at the
    /// same address and port under another fingerprint is replaced.
    public func upsert(_ info: LocalSendInfo, address: String, certificate: String?, manual: Bool = false) {
        let fingerprint = (certificate ?? info.fingerprint).lowercased()
        guard !fingerprint.isEmpty, fingerprint != own, info.fingerprint.lowercased() != own else { return }
        var info = info
        info.alias = String(info.alias.prefix(64))
        info.deviceModel = info.deviceModel.map { String($0.prefix(64)) }
        info.announce = nil
        let peer = LocalSendPeer(info: info, address: address, fingerprint: fingerprint, verified: certificate != nil,
                                 lastSeen: Date().timeIntervalSince1970)
        peers = peers.filter { $0.key == fingerprint || !($0.value.address == address && $0.value.port == peer.port) }
        // A verified fingerprint is not overwritten by a declaration (a multicast message) of another.
        if let known = peers[fingerprint], known.verified, !peer.verified {
            peers[fingerprint]?.lastSeen = peer.lastSeen
            peers[fingerprint]?.info = info
            return
        }
        if peers.count < 1024 || peers[fingerprint] != nil || manual { peers[fingerprint] = peer }
        if manual { self.manual.insert(fingerprint) }
    }

    /// Forgets the device added by hand at `address:port`.
    /// - Returns: Whether there was one.
    public func removeManual(address: String, port: Int) -> Bool {
        guard let (fingerprint, _) = peers.first(where: { manual.contains($0.key) && $0.value.address == address && $0.value.port == port }) else {
            return false
        }
        manual.remove(fingerprint)
        peers[fingerprint] = nil
        return true
    }

    /// The devices seen within ``maximumAge``, by alias.
    public func list() -> [LocalSendPeer] {
        let now = Date().timeIntervalSince1970
        peers = peers.filter { manual.contains($0.key) || now - $0.value.lastSeen < maximumAge }
        return peers.values.sorted { ($0.info.alias.lowercased(), $0.fingerprint) < ($1.info.alias.lowercased(), $1.fingerprint) }
    }

    /// The device named `name`: its alias (case-insensitive), fingerprint or address.
    public func peer(named name: String) -> LocalSendPeer? {
        let all = list()
        let lowered = name.lowercased()
        return all.first { $0.fingerprint == lowered || $0.address == name || "\($0.address):\($0.port)" == name }
            ?? all.first { $0.info.alias.lowercased() == lowered }
    }
}
