/// The trusted fingerprints as the peer table reads them: from a loader (the trust store's file)
/// at most every ``refresh`` seconds, since a flood may ask on every insert.
struct TrustedFingerprints: Sendable {
    /// Seconds a reading is used before the next.
    static let refresh = 5.0

    var load: @Sendable () -> Set<String> = { [] }
    private var cached: Set<String> = []
    private var readAt = -Double.infinity

    init(load: @escaping @Sendable () -> Set<String> = { [] }) {
        self.load = load
    }

    mutating func contains(_ fingerprint: String, now: Double) -> Bool {
        if now - readAt >= Self.refresh || now < readAt {
            cached = Set(load().map { $0.lowercased() })
            readAt = now
        }
        return cached.contains(fingerprint)
    }
}
