import FerryProtocol
import FoundationEssentials

/// The trusted peers, kept as JSON in `$XDG_CONFIG_HOME/ferry/trusted-peers.json` (0600, atomic
/// writes).
public struct TrustStore: Sendable {
    public let path: String

    public init(configHome: String) {
        path = configHome + "/trusted-peers.json"
    }

    /// The peers; an absent file is an empty list.
    ///
    /// - Throws: ``TransferError`` when the file exists but is not a JSON array of peers.
    public func load() throws(TransferError) -> [TrustedPeer] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        do { return try JSONDecoder().decode([TrustedPeer].self, from: data) } catch {
            throw TransferError(.failed, "\(path) is not a JSON list of trusted peers (\(error)); fix or delete it")
        }
    }

    /// Replaces the list.
    public func save(_ peers: [TrustedPeer]) throws(TransferError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try FileSystem.createDirectories(FileSystem.parent(of: path))
            try FileSystem.writeAtomically(Array(try encoder.encode(peers)), to: path)
        } catch {
            throw TransferError(.failed, "cannot save \(path): \(error)")
        }
    }

    /// Adds or replaces the entry for `peer.fingerprint`.
    public func trust(_ peer: TrustedPeer) throws(TransferError) {
        var peers = try load().filter { $0.fingerprint != peer.fingerprint }
        peers.append(peer)
        try save(peers)
    }

    /// Removes the peers whose fingerprint starts with `prefix` (at least 8 digits) or whose name is
    /// `prefix`; returns them.
    public func revoke(_ prefix: String) throws(TransferError) -> [TrustedPeer] {
        let peers = try load()
        let gone = peers.filter { $0.name == prefix || (prefix.count >= 8 && $0.fingerprint.hasPrefix(prefix.lowercased())) }
        if !gone.isEmpty { try save(peers.filter { peer in !gone.contains(peer) }) }
        return gone
    }
}
