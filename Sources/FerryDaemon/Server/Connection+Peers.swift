import FerryCore
import FerryDiscovery
import NIOCore

extension Connection {
    /// `ferry peers`: discovery's status line and the live table.
    func peers(_ frame: WireFrame) async -> WireFrame {
        let snapshot = await discovery.snapshot()
        var result = WireFrame.result(frame.id ?? 0, outcome: snapshot.status.code)
        result.message = snapshot.status.line
        let ferry = snapshot.peers.map(Self.row)
        result.peers = ferry + LocalSendRows.rows(await localSend.peers.list(), besides: ferry)
        return result
    }

    /// `ferry peers add|remove HOST:PORT`.
    func manualPeer(_ frame: WireFrame) async throws -> WireFrame {
        let address = try PeerAddress(parsing: frame.address ?? "")
        if let answer = await localSendManualPeer(frame, address) { return answer }
        let changed = frame.type == "peer-add"
            ? try await discovery.addManual(address)
            : try await discovery.removeManual(address)
        var result = WireFrame.result(frame.id ?? 0, outcome: changed ? "ok" : "unchanged")
        result.address = address.description
        return result
    }

    /// `ferry peers add|remove` of a LocalSend device (docs/localsend.md); nil for anything else.
    private func localSendManualPeer(_ frame: WireFrame, _ address: PeerAddress) async -> WireFrame? {
        let done: Bool
        if frame.type == "peer-add" {
            done = await localSend.addManual(address, hub: transfers.current) != nil
        } else {
            done = await localSend.peers.removeManual(address: address.host, port: address.port)
        }
        guard done else { return nil }
        var result = WireFrame.result(frame.id ?? 0, outcome: "ok")
        result.address = address.description
        return result
    }

    /// `ferry peers --watch`: one `peer` frame per change until the client leaves.
    func streamPeers(_ updates: AsyncStream<PeerEvent>, _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) async {
        for await update in updates {
            var frame = WireFrame(type: "peer")
            frame.event = update.kind.rawValue
            frame.message = update.reason
            frame.peers = [Self.row(update.peer)]
            do { try await send(frame, outbound) } catch { return }
        }
    }

    static func row(_ peer: Peer) -> WireFrame.PeerRow {
        var row = WireFrame.PeerRow(name: peer.name, host: peer.hostName, addresses: peer.addresses, port: peer.port,
                                    source: peer.source.rawValue, lastSeen: peer.lastSeen)
        row.deviceId = peer.advertisement.deviceId
        row.fingerprint = peer.advertisement.fingerprint
        row.mode = peer.advertisement.mode
        row.protocolVersion = peer.advertisement.protocolVersion
        row.reachable = peer.reachable
        return row
    }
}
