import FerryProtocol
import FoundationEssentials
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

#if canImport(Glibc)
import Glibc
#endif

/// The sending side: connects to a receiver whose certificate must match a pinned fingerprint,
/// offers files, uploads what it accepts (from the resume offsets it names) and returns the
/// receipt.
public struct TransferClient: Sendable {
    let identity: DeviceIdentity
    /// The name the receiver shows for this sender.
    let senderName: String
    /// Seconds a receiver may leave sent data unacknowledged before the send gives up
    /// (``DeadPeer``).
    let deadPeerSeconds: Int
    /// Where finishes not heard answered are noted, so that sending the same files again asks the
    /// receiver first instead of delivering them twice; nil notes nothing.
    public var finishes: PendingFinishes?

    /// The sizes of the files to hash before offering them (``LocalFile/collect(_:hashing:)``): from
    /// 1 to 16 MiB, so that one changed between two attempts is told from its kept bytes by its
    /// content. Smaller files are hashed as they go up in batches (10,000 small files were read
    /// twice, and the offer waited for the first pass); larger ones while they are sent (a 1 GiB file
    /// spent a third of its send being hashed).
    public static let hashedBeforeOffer: ClosedRange<UInt64> = (UploadPlan.batchableSize + 1)...(16 << 20)

    public init(identity: DeviceIdentity, senderName: String, deadPeerSeconds: Int = DeadPeer.defaultSeconds) {
        self.identity = identity
        self.senderName = senderName
        self.deadPeerSeconds = deadPeerSeconds
    }

    /// Sends files (and optionally a URL) to `peer`.
    ///
    /// - Parameters:
    ///   - app: The bundle id the files are meant for, if any.
    ///   - events: Called with progress as the send goes.
    /// - Throws: ``TransferError``: ``TransferError/Code/wrongPeer`` when the certificate does not
    ///   match, the receiver's refusal, or a connection failure.
    public func send(_ files: [LocalFile], url: String? = nil, app: String? = nil, to peer: PeerEndpoint,
                     events: @escaping @Sendable (TransferEvent) -> Void = { _ in }) async throws(TransferError) -> SendOutcome {
        let offer = TransferOffer(sender: senderName, app: app, url: url, files: files.enumerated().map { index, file in
            let types = FileTypes.types(for: file.relativePath)
            return OfferedFile(id: "f\(index)", path: file.relativePath, size: file.size, sha256: file.sha256,
                               uti: types.uti, mime: types.mime)
        })
        let opened = OpenedOffer()
        let pending = finishes.map { PendingFinish(store: $0, peer: peer.fingerprint, key: PendingFinishes.key(files, app: app, url: url)) }
        if let pending, let receipt = try await askEarlierFinish(pending, offer: offer, at: peer) {
            return .deliveredEarlier(receipt)
        }
        do {
            return try await connected(to: peer) { exchange, _ in
                try await Session(receiver: peer.name, files: files, offer: offer, events: events, opened: opened,
                                  pending: pending).run(&exchange)
            }
        } catch {
            guard Task.isCancelled else { throw error }
            // Cancelled (the client that asked for the send went away): the receiver is told at
            // once, not after its idle time, and keeps the bytes it has for the next send's resume.
            if let id = opened.id { await cancelOffer(id, at: peer) }
            throw TransferError(.failed, "the send to \(peer.name) was cancelled; send again to resume")
        }
    }

    /// `DELETE /ferry/v1/offers/{id}`, best effort, on a connection of its own that the caller's
    /// cancellation does not close (an unstructured task).
    func cancelOffer(_ id: String, at peer: PeerEndpoint) async {
        await Task {
            _ = try? await connected(to: peer) { exchange, _ in
                try await exchange.request(.DELETE, "/ferry/v1/offers/\(id)")
            }
        }.value
    }

    /// Connects to `peer`, its certificate pinned, and runs `body` on the connection with the
    /// fingerprint the peer presented.
    ///
    /// - Throws: ``TransferError``: ``TransferError/Code/wrongPeer`` when the certificate does not
    ///   match, what `body` throws, or a connection failure.
    func connected<T>(to peer: PeerEndpoint, _ body: (inout HTTPExchange, String) async throws -> T) async throws(TransferError) -> T {
        let presented = PeerCertificate()
        let silent = SilentPeer()
        defer { releaseFreedMemory() }
        do {
            let channel = try await connect(peer, presented: presented, silent: silent)
            // Cancellation closes the connection: a read or write waiting on it fails at once.
            return try await withTaskCancellationHandler {
                try await channel.executeThenClose { inbound, outbound in
                    var exchange = HTTPExchange(parts: inbound.makeAsyncIterator(), outbound: outbound, host: "\(peer.host):\(peer.port)",
                                                eventLoop: channel.channel.eventLoop)
                    return try await body(&exchange, presented.fingerprint ?? peer.fingerprint)
                }
            } onCancel: {
                channel.channel.close(promise: nil)
            }
        } catch {
            if let seconds = silent.seconds {
                throw TransferError(.failed, DeadPeer.stoppedAnswering(peer.name, seconds: seconds, resumable: true))
            }
            // The refusal first: the request's own failure (the connection it found closed) can
            // come before the alert that closed it.
            if let refusal = Self.handshakeRefusal(presented.tlsError ?? "\(error)", peer: peer, presented: presented.fingerprint) {
                throw refusal
            }
            if let error = error as? TransferError { throw error }
            if let seen = presented.fingerprint, seen != peer.fingerprint {
                throw TransferError(.wrongPeer, "\(peer.name) presented certificate \(seen), not the expected \(peer.fingerprint): it is not the device you meant (or someone is in the middle); nothing was sent")
            }
            // The address, not a peer's name: whatever answered there is not known to be that peer.
            if let handshake = ConnectionFailure.handshake(error) {
                throw TransferError(.failed, "\(peer.host):\(peer.port) failed the TLS handshake: \(handshake); nothing was sent")
            }
            throw TransferError(.failed, "cannot reach \(peer.name): \(ConnectionFailure.describe(error))")
        }
    }

    func connect(_ peer: PeerEndpoint, presented: PeerCertificate, silent: SilentPeer = SilentPeer()) async throws
        -> HTTPSConnection.Channel {
        let expected = peer.fingerprint
        return try await HTTPSConnection.open(host: peer.host, port: peer.port, context: try TransferTLS.clientContext(identity),
                                              timeout: .seconds(10), deadPeerSeconds: deadPeerSeconds, silent: silent) { fingerprint in
            presented.fingerprint = fingerprint
            return fingerprint == expected
        } afterTLS: { sync in
            try sync.addHandler(TLSErrorRecorder(presented))
        }
    }
}
