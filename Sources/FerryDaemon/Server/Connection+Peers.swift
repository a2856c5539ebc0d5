import FerryCore
import FerryDiscovery
import NIOCore

extension Connection {
    /// `ferry peers`: discovery's status line and the live table.
    func peers(_ request: ClientRequest.Peers) async -> DaemonReply.Result {
        let snapshot = await discovery.snapshot()
        var result = DaemonReply.Result(outcome: Self.outcome(snapshot.status), message: snapshot.status.line)
        let ferry = snapshot.peers.map(Self.row)
        result.peers = ferry + LocalSendRows.rows(await localSend.peers.list(), besides: ferry)
        return result
    }

    /// `ferry peers add|remove HOST:PORT`.
    func manualPeer(_ request: ClientRequest.ManualPeer, adding: Bool) async throws -> DaemonReply.Result {
        let address = try PeerAddress(parsing: request.address)
        if let answer = await localSendManualPeer(request, address, adding: adding) { return answer }
        let changed = adding
            ? try await discovery.addManual(address)
            : try await discovery.removeManual(address)
        var result = DaemonReply.Result(outcome: changed ? .ok : .unchanged)
        result.address = address.description
        return result
    }

    /// `ferry peers add|remove` of a LocalSend device (docs/localsend.md); nil for anything else.
    private func localSendManualPeer(_ request: ClientRequest.ManualPeer, _ address: PeerAddress,
                                     adding: Bool) async -> DaemonReply.Result? {
        let done: Bool
        if adding {
            done = await localSend.addManual(address, hub: transfers.current) != nil
        } else {
            done = await localSend.peers.removeManual(address: address.host, port: address.port)
        }
        guard done else { return nil }
        var result = DaemonReply.Result(outcome: .ok)
        result.address = address.description
        return result
    }

    /// `ferry peers --watch`: one `peer` reply per change until the client leaves.
    func streamPeers(_ updates: AsyncStream<PeerEvent>, _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) async {
        for await update in updates {
            let change = DaemonReply.PeerChange(event: Self.event(update.kind), message: update.reason, peers: [Self.row(update.peer)])
            do { try await send(.peer(change), outbound) } catch { return }
        }
    }

    static func outcome(_ status: DiscoveryStatus) -> DaemonReply.Outcome {
        switch status {
        case .disabled: .disabled
        case .avahiNotRunning: .avahiNotRunning
        case .running: .running
        case .failed: .failed
        }
    }

    static func event(_ kind: PeerEvent.Kind) -> DaemonReply.PeerChange.Event {
        switch kind {
        case .added: .added
        case .updated: .updated
        case .removed: .removed
        }
    }

    static func row(_ peer: Peer) -> PeerRow {
        var row = PeerRow(name: peer.name, host: peer.hostName, addresses: peer.addresses, port: peer.port,
                                    source: peer.source.rawValue, lastSeen: peer.lastSeen)
        row.deviceId = peer.advertisement.deviceId
        row.fingerprint = peer.advertisement.fingerprint
        row.mode = peer.advertisement.mode
        row.protocolVersion = peer.advertisement.protocolVersion
        row.reachable = peer.reachable
        return row
    }
}
