import Synchronization

/// Offers withdrawn because their LocalSend sender hung up while they waited for the user (its
/// apps give up on a prepare-upload after 5 to 10 s): `ferry accept` of one says so, instead of
/// "accepted" for files that can no longer arrive, or a bare "no such offer". The last
/// ``capacity`` are kept.
public final class LocalSendGoneOffers: Sendable {
    /// How many withdrawn offers are remembered.
    public static let capacity = 64
    private let entries = Mutex<[(offer: String, sender: String)]>([])

    public init() {}

    /// Offer `offer`, from the device named `sender`, was withdrawn.
    public func add(_ offer: String, sender: String) {
        entries.withLock { entries in
            entries.append((offer, sender))
            if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
        }
    }

    /// Why `offer` cannot be accepted or declined, when its sender hung up: one line for the user.
    public func message(for offer: String) -> String? {
        guard let sender = entries.withLock({ $0.last { $0.offer == offer }?.sender }) else { return nil }
        return "\(sender) stopped waiting and hung up before offer \(offer) was accepted (LocalSend apps wait about 10 s), "
            + "so nothing can arrive: ask them to send again, and accept within a few seconds"
    }
}
