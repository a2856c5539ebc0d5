import FerryCore
import FerryTransfer

/// Who a `send` or a `pair` goes to: a peer by the name discovery found it under, or `host` and
/// `port` with `fingerprint` (or a trust entry named `host:port` or `host`).
struct PeerTarget: Sendable, Equatable {
    var peer: String?
    var host: String?
    var port: Int?
    var fingerprint: String?

    init(_ send: ClientRequest.Send) {
        self.init(peer: send.peer, host: send.host, port: send.port, fingerprint: send.fingerprint)
    }

    init(_ pair: ClientRequest.Pair) {
        self.init(peer: pair.peer, host: pair.host, port: pair.port, fingerprint: pair.fingerprint)
    }

    init(peer: String?, host: String?, port: Int?, fingerprint: String?) {
        self.peer = peer
        self.host = host
        self.port = port
        self.fingerprint = fingerprint
    }

    /// The endpoint to connect to, through discovery or the trust store.
    ///
    /// - Throws: ``TransferError`` `notFound` naming the peer and how to name it instead.
    func endpoint(_ hub: TransferHub) async throws(TransferError) -> PeerEndpoint {
        if let name = peer {
            guard let found = await hub.peers?.peer(named: name) else {
                throw TransferError(.notFound, "no peer named \(name.debugDescription) is seen on the network (`ferry peers` lists them); name it as HOST:PORT with --fingerprint HEX")
            }
            return found
        }
        let host = host ?? ""
        let port = port ?? 0
        if let fingerprint {
            return PeerEndpoint(host: host, port: port, fingerprint: fingerprint)
        }
        let trusted = try hub.trust.load().first { $0.name == "\(host):\(port)" || $0.name == host }
        guard let trusted else {
            throw TransferError(.notFound, "no fingerprint for \(host):\(port): pass --fingerprint HEX, or trust it first (ferry trust add HEX --name \(host):\(port))")
        }
        return PeerEndpoint(host: host, port: port, fingerprint: trusted.fingerprint, name: trusted.name)
    }
}
