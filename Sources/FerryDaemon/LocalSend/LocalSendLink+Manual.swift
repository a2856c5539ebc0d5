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
        let ours = LocalSendInfo(alias: hub.senderName, deviceModel: "Ferry", deviceType: settings.deviceType,
                                 fingerprint: hub.identity.fingerprint.uppercased(), port: settings.port, protocol: "https", download: false)
        let answer = try? await LocalSendClient(identity: hub.identity).withConnection(host: address.host, port: address.port,
                                                                                       fingerprint: nil) { http in
            let (status, body) = try await http.request(.POST, "/api/localsend/v2/register", json: LocalSendJSON.encode(ours))
            return status == 200 ? (try? LocalSendJSON.info(body)).map { ($0, http.peerFingerprint) } : nil
        }
        guard let (info, certificate) = answer ?? nil else { return nil }
        var theirs = info
        if theirs.port == nil { theirs.port = address.port }
        await peers.upsert(theirs, address: address.host, certificate: certificate, manual: true)
        return await peers.peer(named: "\(address.host):\(theirs.port ?? address.port)")
    }
}
