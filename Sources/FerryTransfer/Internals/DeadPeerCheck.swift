/// Tells a dead peer from a slow one by the kernel's own view of the connection (TCP_INFO),
/// sampled every few seconds.
///
/// TCP_USER_TIMEOUT cannot: since Linux 5.11 it also ends a connection whose receiver keeps its
/// window at zero that long, so a receiver whose disk stalled for 30 s, alive and answering every
/// probe, lost the send. Here a peer is gone only while it owes an answer (data sent and not
/// acknowledged, or a window or keep-alive probe unanswered) and has sent no ACK at all for the
/// limit. An alive receiver with a zero window answers each probe at once, so it never owes one
/// across two samples.
struct DeadPeerCheck: Sendable {
    /// One TCP_INFO reading.
    struct Sample: Sendable {
        /// Segments sent and not yet acknowledged (`tcpi_unacked`).
        var unacked: UInt32
        /// Window or keep-alive probes sent since the last ACK (`tcpi_probes`).
        var probes: UInt8
        /// Milliseconds since the last ACK came in (`tcpi_last_ack_recv`).
        var sinceLastAck: UInt32
    }

    let limitMilliseconds: UInt32
    private var owedBefore = false

    init(limitSeconds: Int) {
        limitMilliseconds = UInt32(clamping: max(1, limitSeconds) * 1000)
    }

    /// Whether the peer is gone, given this sample and the one before.
    mutating func gone(after sample: Sample) -> Bool {
        let owed = sample.unacked > 0 || sample.probes > 0
        defer { owedBefore = owed }
        return owed && owedBefore && sample.sinceLastAck >= limitMilliseconds
    }
}
