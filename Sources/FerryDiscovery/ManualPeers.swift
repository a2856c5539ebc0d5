import FerryProtocol
import FoundationEssentials

/// The user's manual peers: one HOST:PORT a line in `$XDG_CONFIG_HOME/ferry/manual-peers`.
struct ManualPeers {
    let path: String

    func load() -> [PeerAddress] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let trimmed = String(line.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
            return try? PeerAddress(parsing: trimmed)
        }
    }

    func save(_ peers: [PeerAddress]) throws(DiscoveryError) {
        let text = "# Ferry's manual peers, one HOST:PORT a line (ferry peers add/remove).\n"
            + peers.map { "\($0)\n" }.joined()
        do {
            let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
            if !folder.isEmpty { try FileSystem.createDirectories(folder) }
            try FileSystem.writeAtomically(Array(text.utf8), to: path)
        } catch {
            throw DiscoveryError("cannot save manual peers: \(error)")
        }
    }
}
