import FerryCore
import FerryTransfer
import FoundationEssentials
import Synchronization

/// One `send` request: find the peer, send, and stream progress back to the client.
struct SendRequest {
    let request: ClientRequest.Send
    let hub: TransferHub

    func run(progress: @escaping @Sendable (DaemonReply.Progress) async -> Void) async -> DaemonReply.Result {
        do {
            let peer = try await PeerTarget(request).endpoint(hub)
            let files = try await LocalFile.collect(request.files ?? [], hashing: TransferClient.hashedBeforeOffer, pool: .singleton)
            var client = TransferClient(identity: hub.identity, senderName: hub.senderName)
            client.finishes = hub.finishes
            let (stream, continuation) = AsyncStream.makeStream(of: DaemonReply.Progress.self, bufferingPolicy: .bufferingNewest(256))
            let forwarding = Task { for await event in stream { await progress(event) } }
            let throttle = Throttle()
            let outcome = try await client.send(files, url: request.url, app: request.app, to: peer) { event in
                if throttle.allows(event) { continuation.yield(Self.progress(event)) }
            }
            continuation.finish()
            await forwarding.value
            return result(outcome, peer: peer)
        } catch {
            // A full disk there is no decline: the receiver cannot write the files (73, EX_CANTCREAT).
            let code = error.code == .noSpace ? .cannotWrite : TransferRequests.failure(for: error)
            return TransferRequests.failure(error.code == .notAContact ? notTrusted() : error.message, code: code)
        }
    }

    /// The receiver does not trust this device: what its owner must run, with this device's own
    /// fingerprint (the receiver's words read as if the sender had to act).
    func notTrusted() -> String {
        let receiver = request.peer ?? "\(request.host ?? "the receiver"):\(request.port ?? 0)"
        return "\(receiver) only receives from trusted peers, and does not trust this device yet: on \(receiver), run "
            + "`ferry trust add \(hub.identity.fingerprint) --name \(Self.shellWord(hub.senderName))` "
            + "(or `ferry receiving everyone` there, for \(Int(ReceivingMode.everyoneDuration / 60)) minutes), then send again"
    }

    /// `name` as one shell word: quoted unless it is plain.
    static func shellWord(_ name: String) -> String {
        let plain = !name.isEmpty && name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || "0123456789._:-@".unicodeScalars.contains($0) }
        return plain ? name : "'" + name.replacing("'", with: "'\\''") + "'"
    }

    /// A transfer event as the `progress` reply of request `id`.
    static func progress(_ event: TransferEvent) -> DaemonReply.Progress {
        var progress = DaemonReply.Progress(event: .waiting)
        switch event {
        case .waiting:
            break
        case .accepted(let total, let resumed):
            progress.event = .accepted
            progress.bytes = Int(clamping: resumed)
            progress.total = Int(clamping: total)
        case .progress(let file, let fileSent, let fileSize, let sent, let total):
            progress.event = .progress
            progress.file = file
            progress.fileBytes = Int(clamping: fileSent)
            progress.fileTotal = Int(clamping: fileSize)
            progress.bytes = Int(clamping: sent)
            progress.total = Int(clamping: total)
        case .filesDone(let files):
            // One reply for a batch's files: 10,000 small files were 10,000 frames to the client.
            progress.event = .fileDone
            progress.file = files.last
            progress.files = files
        }
        return progress
    }

    func result(_ outcome: SendOutcome, peer: PeerEndpoint) -> DaemonReply.Result {
        switch outcome {
        case .declined(let why) where why.hasPrefix(Receiver.expiredPrefix):
            return TransferRequests.failure("\(peer.name): \(why); send again when someone is there to accept it", code: .declined)
        case .declined(let why):
            return TransferRequests.failure("\(peer.name) declined: \(why)", code: .declined)
        case .delivered(let receipt):
            return delivered(receipt, peer: peer)
        case .deliveredEarlier(let receipt):
            var result = delivered(receipt, peer: peer)
            result.message = "\(peer.name) already had these files: the earlier send delivered them before its answer was lost; nothing was sent again"
            return result
        }
    }

    func delivered(_ receipt: OfferReceipt, peer: PeerEndpoint) -> DaemonReply.Result {
        var result = DaemonReply.Result(outcome: .delivered)
        result.peer = peer.name
        result.deliveries = receipt.files.map { .init(status: $0.status, app: $0.app, name: $0.name ?? $0.id) }
        result.offer = receipt.offer
        if receipt.url == "failed" { urlFailed(receipt, peer: peer, &result) }
        return result
    }

    /// The receiver took the files but could not open the URL: the send failed, and says why.
    private func urlFailed(_ receipt: OfferReceipt, peer: PeerEndpoint, _ result: inout DaemonReply.Result) {
        let files = receipt.files.filter { $0.status == "delivered" }.count
        let got = files == 0 ? "" : " (it got the \(files == 1 ? "file" : "\(files) files"))"
        result.outcome = .failed
        result.failure = receipt.urlFailure == "no-handler" ? .noHandler : .appFailed
        result.message = "\(peer.name) could not open \(request.url ?? "the URL")\(got): \(receipt.urlError ?? "see its ferryd log")"
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
