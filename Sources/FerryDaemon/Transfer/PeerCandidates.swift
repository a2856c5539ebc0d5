import FerryCore
import FerryLocalSend
import FerryTransfer

/// A directory that can list every peer a name might mean, so that an ambiguous name is told
/// apart from an unknown one.
protocol PeerCandidates: Sendable {
    func candidates() async -> [PeerCandidate]
}

/// `--to NAME` across Ferry's discovery and LocalSend's table: one device, or none, or the one-line
/// error (``PeerNameMatch/ambiguity(for:)``) that `ferry send` and `ferry pair` fail with (`ambiguous-peer`).
enum PeerNames {

    /// What `name` means among the Ferry peers (first: a Ferry peer that speaks LocalSend too is
    /// one device) and the LocalSend devices.
    static func match(_ name: String, ferry: (any PeerDirectory)?, localSend: LocalSendPeerTable?) async -> PeerNameMatch {
        var candidates = await (ferry as? any PeerCandidates)?.candidates() ?? []
        candidates += await localSend?.candidates() ?? []
        return PeerNameMatch.match(name, among: candidates)
    }

    /// The error for a name that means more than one device, else nil.
    static func ambiguity(_ name: String?, ferry: (any PeerDirectory)?, localSend: LocalSendPeerTable?) async -> String? {
        guard let name else { return nil }
        return await match(name, ferry: ferry, localSend: localSend).ambiguity(for: name)
    }
}
