import FerryCore
import FerryLocalSend

/// LocalSend devices as rows of `ferry peers`: `source: localsend`, the alias as name. A device
/// Ferry's own discovery sees too (same certificate fingerprint) keeps only its Ferry row.
enum LocalSendRows {
    static func rows(_ peers: [LocalSendPeer], besides ferry: [PeerRow]) -> [PeerRow] {
        let known = Set(ferry.compactMap { $0.fingerprint?.lowercased() })
        return peers.filter { !known.contains($0.fingerprint) }.map { peer in
            var row = PeerRow(name: peer.info.alias, host: peer.address, addresses: [peer.address], port: peer.port,
                                        source: "localsend", lastSeen: peer.lastSeen)
            row.fingerprint = peer.fingerprint
            row.model = peer.info.deviceModel
            row.deviceType = peer.info.knownDeviceType.rawValue
            row.protocolVersion = nil
            return row
        }
    }
}
