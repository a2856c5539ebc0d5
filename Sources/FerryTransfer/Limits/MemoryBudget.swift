import Synchronization

/// Bytes that may be held at once by every connection of a listener together, with a smaller
/// share for senders who are not contacts. Bodies reserve as they arrive and release when done,
/// so a hundred stalled bodies hold the budget, not a hundred times the per-body limit.
public final class MemoryBudget: Sendable {
    /// Who is asking: a contact may use the whole budget, a stranger only its share.
    public enum Holder: Sendable { case contact, stranger }

    public let total: Int
    public let strangerShare: Int
    private let held = Mutex<(all: Int, strangers: Int)>((0, 0))

    /// - Parameters:
    ///   - total: Bytes held at once by everyone.
    ///   - strangerShare: The part of `total` strangers may hold together.
    public init(total: Int, strangerShare: Int) {
        self.total = total
        self.strangerShare = min(strangerShare, total)
    }

    /// Takes `bytes`, or nothing (false) when that would pass the holder's budget.
    public func reserve(_ bytes: Int, for holder: Holder) -> Bool {
        held.withLock { held in
            guard held.all + bytes <= total else { return false }
            if holder == .stranger {
                guard held.strangers + bytes <= strangerShare else { return false }
                held.strangers += bytes
            }
            held.all += bytes
            return true
        }
    }

    /// Gives back `bytes` that `holder` reserved.
    public func release(_ bytes: Int, for holder: Holder) {
        held.withLock { held in
            held.all -= bytes
            if holder == .stranger { held.strangers -= bytes }
        }
    }

    /// Bytes held now, by everyone.
    public var inUse: Int { held.withLock { $0.all } }
}
