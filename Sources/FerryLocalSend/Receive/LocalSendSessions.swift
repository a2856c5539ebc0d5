import FerryCore
import FerryTransfer
import FoundationEssentials
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// LocalSend's upload sessions over Ferry's ``Receiver``: a prepare-upload becomes a Ferry offer
/// (the same mode, trust, pending and limits), each upload a staged file, and the last upload the
/// offer's finish into the Inboxes. Only the session id and tokens are LocalSend's own.
public actor LocalSendSessions {
    struct Session {
        var offer: String
        var peer: String
        /// File id to token, and to the file as offered to the receiver.
        var tokens: [String: String]
        var files: [String: OfferedFile]
        var received: Set<String> = []
        var uploading: Set<String> = []
        var touched: Date
    }

    let receiver: Receiver
    let staging: StagingArea
    let limits: LocalSendLimits
    /// The PIN senders must give, if any.
    let pin: String?
    var sessions: [String: Session] = [:]
    /// Wrong PINs, budgeted per address and for everyone (``PinGuard``).
    var pins: PinGuard
    /// The last time guessing used up the PIN budget, and how much of it there was.
    public private(set) var lastPinAlarm: (alarm: PinGuard.Alarm, at: Date)?
    let logger: Logger
    /// Offers withdrawn because their sender hung up while they waited for the user.
    public nonisolated let gone: LocalSendGoneOffers

    /// - Parameters:
    ///   - pin: The PIN prepare-upload requires (`?pin=`), or nil for none.
    ///   - gone: Where offers whose sender hung up are told of (ferryd's `accept` reads it).
    ///   - logger: Where PIN guessing is reported.
    public init(receiver: Receiver, staging: StagingArea, limits: LocalSendLimits = LocalSendLimits(), pin: String? = nil,
                gone: LocalSendGoneOffers = LocalSendGoneOffers(), logger: Logger = Logger(label: "ferry.localsend")) {
        self.gone = gone
        self.receiver = receiver
        self.staging = staging
        self.limits = limits
        self.pin = pin
        self.logger = logger
        pins = PinGuard(PinGuard.Rules(attempts: limits.pinAttempts))
    }

    /// Checks the PIN a sender at `address` gave: 401 when missing or wrong, 429 (with the seconds
    /// to wait) after ``LocalSendLimits/pinAttempts`` wrong ones from the address, or ten from
    /// everyone together, until the budget refills (``PinGuard``). The configured PIN cannot be
    /// changed from here: guessing that uses up the budget is logged, at most every ten minutes,
    /// and kept in ``lastPinAlarm``, for the owner to see.
    public func checkPin(_ given: String?, address: String) throws(LocalSendError) {
        guard let pin else { return }
        switch pins.judge(given, pin: pin, address: address, now: ProcessInfo.processInfo.systemUptime) {
        case .right: return
        case .missing: throw LocalSendError(401, "this device requires a PIN; send again with the PIN its owner gives you")
        case .wrong(let alarm):
            if let alarm { report(alarm) }
            throw LocalSendError(401, "wrong PIN; ask the device's owner for it")
        case .refused(let seconds):
            throw LocalSendError(429, "too many wrong PINs (from \(address), or from everyone together); try again in \(seconds) s",
                                 retryAfter: seconds)
        }
    }

    private func report(_ alarm: PinGuard.Alarm) {
        lastPinAlarm = (alarm, Date())
        logger.warning("localsend PIN guessing: the wrong-PIN budget is used up; senders wait for it to refill (FERRY_LOCALSEND_PIN)",
                       metadata: ["wrong": "\(alarm.wrong)", "addresses": "\(alarm.addresses)"])
    }

    /// A prepare-upload from the device whose fingerprint is `peer`: judged as a Ferry offer, waiting
    /// for the user while it is pending.
    ///
    /// - Returns: The session and tokens, or nil (HTTP 204) when nothing is to be uploaded: a
    ///   shared URL handed to the open flow, or a text delivered from its preview.
    /// - Throws: ``LocalSendError``: 403 refused or declined, 400 malformed, 413 over the limits.
    ///
    /// - Parameter address: The sender's address: offers waiting for the user are capped per address.
    public func prepare(_ request: PrepareUploadRequest, peer: String, address: String? = nil) async throws(LocalSendError) -> PrepareUploadResponse? {
        prune()
        guard !request.files.isEmpty else { return nil }
        let offer = Self.offer(for: request)
        let answer: OfferAnswer
        do {
            answer = try await decided(try await receiver.offer(offer, from: peer, address: address), peer: peer,
                                       sender: PeerText.printable(request.info.alias))
        } catch {
            throw Self.refusal(error)
        }
        guard answer.status == "accepted" else {
            throw .forbidden("the receiver declined: \(answer.message ?? "declined")")
        }
        if offer.files.isEmpty {
            // A URL shared as text: nothing to upload; finishing opens it.
            _ = try? await receiver.finish(offer: answer.offer, peer: peer)
            return nil
        }
        if let text = Self.wholeText(request), let file = offer.files.first {
            // A message: its text came with the offer; nothing to upload (204).
            try await deliverText(text, offer: answer.offer, file: file, peer: peer)
            return nil
        }
        return start(offer, id: answer.offer, peer: peer)
    }

    private func start(_ offer: TransferOffer, id: String, peer: String) -> PrepareUploadResponse {
        var tokens: [String: String] = [:]
        var files: [String: OfferedFile] = [:]
        for file in offer.files {
            tokens[file.id] = Self.randomHex(16)
            files[file.id] = file
            // Without a hash the staged prefix cannot be checked against the new bytes: start over.
            if file.sha256 == nil { unlink(staging.partialPath(file, sender: peer)) }
        }
        let sessionId = Self.randomHex(16)
        sessions[sessionId] = Session(offer: id, peer: peer, tokens: tokens, files: files, touched: Date())
        return PrepareUploadResponse(sessionId: sessionId, files: tokens)
    }

    /// Waits, ``LocalSendLimits/decisionSeconds`` at most, while the offer is pending; an offer
    /// nobody answered in time is withdrawn (LocalSend's sender gives up then too).
    ///
    /// When the task is cancelled (the connection's end: ``LocalSendConnection``), the offer is
    /// withdrawn at once and kept in ``gone`` under the sender's name `sender`, for `ferry accept`.
    private func decided(_ first: OfferAnswer, peer: String, sender: String) async throws(TransferError) -> OfferAnswer {
        var answer = first
        let deadline = Date() + limits.decisionSeconds
        while answer.status == "pending", Date() < deadline, !Task.isCancelled {
            answer = try await receiver.answer(answer.offer, peer: peer, wait: min(deadline.timeIntervalSinceNow, 60))
        }
        if answer.status == "pending", Task.isCancelled {
            // The sender hung up (LocalSend's apps wait 5 to 10 s): nothing can arrive any more.
            try? await receiver.cancel(offer: answer.offer, peer: peer)
            gone.add(answer.offer, sender: sender)
            throw TransferError(.failed, "\(sender) hung up before the offer was answered")
        }
        if answer.status == "pending" {
            try? await receiver.cancel(offer: answer.offer, peer: peer)
            return OfferAnswer(status: "declined", offer: answer.offer, message: "nobody answered in \(Int(limits.decisionSeconds)) s")
        }
        return answer
    }

    /// The Ferry offer for a prepare-upload: files in id order; a text share whose text is a URL
    /// becomes the offer's URL.
    static func offer(for request: PrepareUploadRequest) -> TransferOffer {
        let files = request.files.values.sorted { $0.id < $1.id }
        if files.count == 1, let text = files[0].preview, files[0].fileType?.hasPrefix("text/") ?? false, let url = sharedURL(text) {
            return TransferOffer(sender: request.info.alias, url: url, files: [])
        }
        return TransferOffer(sender: request.info.alias, files: files.map {
            OfferedFile(id: $0.id, path: $0.fileName, size: $0.size, sha256: $0.sha256?.lowercased(),
                        uti: nil, mime: $0.fileType)
        })
    }

    /// `text` when it is one URL with a scheme and no spaces.
    static func sharedURL(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespaceAndNewlines
        guard !trimmed.isEmpty, trimmed.utf8.count <= 8192, !trimmed.contains(where: \.isWhitespace),
              let colon = trimmed.firstIndex(of: ":"), colon != trimmed.startIndex,
              trimmed[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        return trimmed
    }

    static func refusal(_ error: TransferError) -> LocalSendError {
        switch error.code {
        case .badRequest: return .badRequest(error.message)
        case .tooLarge, .noSpace: return LocalSendError(413, error.message)
        case .busy, .tooMany: return LocalSendError(error.code.httpStatus, error.message, retryAfter: error.retryAfter)
        default: return .forbidden(error.message)
        }
    }

    /// Forgets sessions untouched for ten minutes (the receiver abandons their offers sooner),
    /// and what they staged: a sender cut off mid-upload starts a new session, never this one.
    private func prune() {
        let now = Date()
        for (id, session) in sessions where now.timeIntervalSince(session.touched) >= 600 && session.uploading.isEmpty {
            sessions[id] = nil
            discardPartials(of: session)
        }
    }

    static func randomHex(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            .map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
