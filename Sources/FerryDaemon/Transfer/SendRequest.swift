import FerryCore
import FerryTransfer
import Foundation
import Synchronization

/// One `send` request: find the peer, send, and stream progress frames back to the client.
struct SendRequest {
    let frame: WireFrame
    let hub: TransferHub
    var id: Int { frame.id ?? 0 }

    func run(progress: @escaping @Sendable (WireFrame) async -> Void) async -> WireFrame {
        do {
            let peer = try await endpoint()
            let files = try LocalFile.collect(frame.files ?? [], hashing: TransferClient.hashedBeforeOffer)
            let client = TransferClient(identity: hub.identity, senderName: hub.senderName)
            let (stream, continuation) = AsyncStream.makeStream(of: WireFrame.self, bufferingPolicy: .bufferingNewest(256))
            let forwarding = Task { for await event in stream { await progress(event) } }
            let throttle = Throttle()
            let outcome = try await client.send(files, url: frame.url, app: frame.app, to: peer) { event in
                if let frame = progressFrame(event), throttle.allows(event) { continuation.yield(frame) }
            }
            continuation.finish()
            await forwarding.value
            return result(outcome, peer: peer)
        } catch {
            return TransferFrames.failure(id, error.message, code: TransferFrames.exitCode(for: error))
        }
    }

    /// `peer` through discovery, else `host`/`port` with `fingerprint` or the trust entry named
    /// `host:port` or `host`.
    func endpoint() async throws(TransferError) -> PeerEndpoint {
        if let name = frame.peer {
            guard let found = await hub.peers?.peer(named: name) else {
                throw TransferError(.notFound, "no peer named \(name.debugDescription) is seen on the network (`ferry peers` lists them); name it as HOST:PORT with --fingerprint HEX")
            }
            return found
        }
        let host = frame.host ?? ""
        let port = frame.port ?? 0
        if let fingerprint = frame.fingerprint {
            return PeerEndpoint(host: host, port: port, fingerprint: fingerprint)
        }
        let trusted = try hub.trust.load().first { $0.name == "\(host):\(port)" || $0.name == host }
        guard let trusted else {
            throw TransferError(.notFound, "no fingerprint for \(host):\(port): pass --fingerprint HEX, or trust it first (ferry trust add HEX --name \(host):\(port))")
        }
        return PeerEndpoint(host: host, port: port, fingerprint: trusted.fingerprint, name: trusted.name)
    }

    func progressFrame(_ event: TransferEvent) -> WireFrame? {
        var frame = WireFrame(type: "progress", id: id)
        switch event {
        case .waiting:
            frame.event = "waiting"
        case .accepted(let total, let resumed):
            frame.event = "accepted"
            frame.bytes = Int(clamping: resumed)
            frame.total = Int(clamping: total)
        case .progress(let file, let fileSent, let fileSize, let sent, let total):
            frame.event = "progress"
            frame.file = file
            frame.fileBytes = Int(clamping: fileSent)
            frame.fileTotal = Int(clamping: fileSize)
            frame.bytes = Int(clamping: sent)
            frame.total = Int(clamping: total)
        case .filesDone(let files):
            // One frame for a batch's files: 10,000 small files were 10,000 frames to the client.
            frame.event = "file-done"
            frame.file = files.last
            frame.files = files
        }
        return frame
    }

    func result(_ outcome: SendOutcome, peer: PeerEndpoint) -> WireFrame {
        switch outcome {
        case .declined(let why):
            return TransferFrames.failure(id, "\(peer.name) declined: \(why)", code: TransferFrames.declinedCode)
        case .delivered(let receipt):
            var result = WireFrame.result(id, outcome: "delivered")
            result.peer = peer.name
            result.deliveries = receipt.files.map { .init(status: $0.status, app: $0.app, name: $0.name ?? $0.id) }
            result.offer = receipt.offer
            return result
        }
    }
}

/// Lets through at most ten progress events a second, and the last one of the send; every other
/// kind of event passes. (Not the last of each file: with 10,000 small files that was 10,000 frames
/// more to the client, and each file's end has its file-done event anyway.)
final class Throttle: Sendable {
    private let last = Mutex<ContinuousClock.Instant?>(nil)

    func allows(_ event: TransferEvent) -> Bool {
        guard case .progress(_, _, _, let sent, let total) = event, sent < total else { return true }
        let now = ContinuousClock.now
        return last.withLock { last in
            if let previous = last, now - previous < .milliseconds(100) { return false }
            last = now
            return true
        }
    }
}
