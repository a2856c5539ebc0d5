import FerryLocalSend

/// What ferryd's client side needs of LocalSend: the devices seen (for `ferry peers` and
/// `ferry send --to`) and the settings a send announces itself with. Made in ``Daemon/run()``
/// and shared by ``LocalSendService`` (which fills the table) and the socket server.
struct LocalSendLink: Sendable {
    let peers = LocalSendPeerTable()
    /// The web share `ferry share --web` opens on LocalSend's server.
    let shares = LocalSendShares()
    /// Sends of ours that the device may still hold open.
    let cutSessions = LocalSendCutSessions()
    /// Offers withdrawn because their LocalSend sender hung up: `ferry accept` says so.
    let goneOffers = LocalSendGoneOffers()
    let settings: LocalSendSettings
}
