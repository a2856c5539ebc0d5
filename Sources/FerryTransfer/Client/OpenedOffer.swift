import Synchronization

/// The receiver's id of the offer a send opened, kept outside the send so that a cancelled send
/// can still name the offer it gives up.
final class OpenedOffer: Sendable {
    private let stored = Mutex<String?>(nil)

    var id: String? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
