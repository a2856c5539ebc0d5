import FerryCore
import FerryTransfer
import Synchronization

/// What ferryd's clients reach of file transfers: the identity to send with, the receiver's
/// pending offers, the receiving mode and the trust store.
final class TransferHub: Sendable {
    let identity: DeviceIdentity
    let receiver: Receiver?
    let receiving: ReceivingState
    let trust: TrustStore
    let senderName: String
    let peers: (any PeerDirectory)?
    /// Pair requests other devices made here.
    let pairing: Pairing?
    /// Pair requests this device made, by the peer's request id, until the user confirms.
    let outgoingPairs = Mutex<[String: PeerEndpoint]>([:])
    /// Finishes of sends not heard answered (`$XDG_STATE_HOME/ferry/finishing`); nil notes none.
    let finishes: PendingFinishes?

    init(identity: DeviceIdentity, receiver: Receiver?, receiving: ReceivingState, trust: TrustStore,
         senderName: String, peers: (any PeerDirectory)?, pairing: Pairing? = nil, finishes: PendingFinishes? = nil) {
        self.finishes = finishes
        self.pairing = pairing
        self.identity = identity
        self.receiver = receiver
        self.receiving = receiving
        self.trust = trust
        self.senderName = senderName
        self.peers = peers
    }
}
