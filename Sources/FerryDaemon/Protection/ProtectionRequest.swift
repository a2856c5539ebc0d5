import FerryCore

/// A client's request about data protection (docs/protection.md), served by ``ProtectionRequests``.
enum ProtectionRequest: Sendable, Equatable {
    case unlock(ClientRequest.Unlock)
    case lock(ClientRequest.Lock)
    /// `protection-status`.
    case status
}
