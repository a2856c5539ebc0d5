import FerryDiscovery
import FerryLocalSend
import FerryTransfer
import FoundationEssentials

extension LocalSendLink {
    /// `ferry peers add HOST:PORT` where a LocalSend device answers: registers there (§3.2),
    /// learning its certificate, and keeps it in the table until removed.
    ///
    /// - Returns: The device, or nil when nothing at that address speaks LocalSend over HTTPS
    ///   (then the address is Ferry discovery's to try).
    func addManual(_ address: PeerAddress, hub: TransferHub?) async -> LocalSendPeer? {
        guard let hub else { return nil }
        let ours = LocalSendInfo.ferry(alias: hub.senderName, fingerprint: hub.identity.fingerprint, deviceType: settings.deviceType,
                                       port: settings.port)
        let answer = try? await LocalSendClient(identity: hub.identity).withConnection(host: address.host, port: address.port,
                                                                                       fingerprint: nil) { http in
            (try await http.register(ours), http.peerFingerprint)
        }
        guard let (info, certificate) = answer else { return nil }
        var theirs = info
        if theirs.port == nil { theirs.port = address.port }
        await peers.upsert(theirs, address: address.host, certificate: certificate, manual: true)
        return await peers.peer(named: "\(address.host):\(theirs.port ?? address.port)")
    }
}
