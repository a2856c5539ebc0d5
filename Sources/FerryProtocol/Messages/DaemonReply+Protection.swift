extension DaemonReply {
    /// The lock and key state, in the `protection` field of those results (and of `ps`).
    public struct ProtectionReport: Codable, Sendable, Equatable {
        /// `unlocked`, `locking` (in the grace before the keys go) or `locked`.
        public var lock: String
        /// What `isProtectedDataAvailable` answers.
        public var available: Bool
        /// Whether the filesystem enforces classes (false: `unenforced`).
        public var enforced: Bool
        /// Each class key's state in the kernel (`present`, `absent`, `incompletelyRemoved`,
        /// `unenforced`); empty before the first unlock made the keys.
        public var keys: [String: String]
        /// Files received while locked, waiting for the next unlock.
        public var held: Int?

        public init(lock: String, available: Bool, enforced: Bool, keys: [String: String], held: Int? = nil) {
            self.lock = lock
            self.available = available
            self.enforced = enforced
            self.keys = keys
            self.held = held
        }
    }
}
