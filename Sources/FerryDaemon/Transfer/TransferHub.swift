import FerryCore
import FerryTransfer

/// What ferryd's clients reach of file transfers: the identity to send with, the receiver's
/// pending offers, the receiving mode and the trust store.
final class TransferHub: Sendable {
    let identity: DeviceIdentity
    let receiver: Receiver?
    let receiving: ReceivingState
    let trust: TrustStore
    let senderName: String
    let peers: (any PeerDirectory)?

    init(identity: DeviceIdentity, receiver: Receiver?, receiving: ReceivingState, trust: TrustStore,
         senderName: String, peers: (any PeerDirectory)?) {
        self.identity = identity
        self.receiver = receiver
        self.receiving = receiving
        self.trust = trust
        self.senderName = senderName
        self.peers = peers
    }
}

extension AppManager {
    func attachTransfer(_ hub: TransferHub) { transfer = hub }
}
