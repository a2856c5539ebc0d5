import FerryTransfer

/// The web share's download sessions (§5.2) as a pure value (time passed in): each bound to the
/// address that asked, forgotten after ``Rules/idleSeconds`` without a request, and recycled
/// when the table is full, so that prepare-downloads nobody follows up cannot keep a real phone
/// out. Room is made from, in order: the asking address's own sessions when it holds its
/// share (by ``RateLimit/sourceKey(_:)``), then sessions that never downloaded anything, then
/// any; the least recently used of those first.
struct LocalSendDownloadSessions: Sendable, Equatable {
    struct Rules: Sendable, Equatable {
        /// Sessions at once. Default 256.
        var capacity = 256
        /// Sessions one address (an IPv6 /64) holds at once. Default 16.
        var perSource = 16
        /// Seconds without a request after which a session is forgotten. Default 15 minutes.
        var idleSeconds: Double = 900
    }

    struct Entry: Sendable, Equatable {
        var address: String
        var source: String
        var used: Double
        var downloaded = false
    }

    let rules: Rules
    private(set) var entries: [String: Entry] = [:]

    init(_ rules: Rules = Rules()) {
        self.rules = rules
    }

    /// Whether `id` is a session of `address`; a request in it (a `download` when `downloading`)
    /// keeps it alive.
    mutating func use(_ id: String, address: String, now: Double, downloading: Bool = false) -> Bool {
        expire(now: now)
        guard var entry = entries[id], entry.address == address else { return false }
        entry.used = now
        entry.downloaded = entry.downloaded || downloading
        entries[id] = entry
        return true
    }

    /// Opens session `id` for `address`, making room first when the table or the address's
    /// share of it is full.
    mutating func open(_ id: String, address: String, now: Double) {
        expire(now: now)
        let source = RateLimit.sourceKey(address)
        let own = entries.filter { $0.value.source == source }
        if own.count >= rules.perSource, let victim = Self.victim(in: own) {
            entries[victim] = nil
        } else if entries.count >= rules.capacity, let victim = Self.victim(in: entries) {
            entries[victim] = nil
        }
        entries[id] = Entry(address: address, source: source, used: now)
    }

    /// The session to give up: one that never downloaded before one that did, the least
    /// recently used first.
    static func victim(in entries: [String: Entry]) -> String? {
        entries.min { a, b in
            (a.value.downloaded ? 1 : 0, a.value.used) < (b.value.downloaded ? 1 : 0, b.value.used)
        }?.key
    }

    private mutating func expire(now: Double) {
        entries = entries.filter { now - $0.value.used < rules.idleSeconds }
    }
}
