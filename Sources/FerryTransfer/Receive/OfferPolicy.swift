import FoundationEssentials

/// Decides what to do with an offer before any byte is stored: a pure function of the receiving
/// mode, the sender's trust, the limits and the free space.
public enum OfferPolicy {
    /// The verdict on one offer.
    public enum Verdict: Sendable, Equatable {
        /// Store it without asking.
        case accept
        /// Hold it until the user accepts or declines (or it expires).
        case ask
        /// Refuse it with this error.
        case refuse(TransferError)
    }

    /// The verdict for `offer` from a sender whose certificate has `fingerprint`.
    ///
    /// - Parameters:
    ///   - trusted: The trust entry for the sender, if it is trusted.
    ///   - freeBytes: The free space in the staging file system.
    public static func verdict(
        _ offer: TransferOffer, trusted: TrustedPeer?, mode: ReceivingMode, now: Date,
        limits: TransferLimits, freeBytes: UInt64
    ) -> Verdict {
        if let refusal = check(offer, limits: limits, freeBytes: freeBytes) { return .refuse(refusal) }
        return senderVerdict(trusted: trusted, mode: mode, now: now)
    }

    /// The verdict for any offer from this sender, from the receiving mode and its trust alone:
    /// known from the TLS fingerprint before an offer's body is read.
    public static func senderVerdict(trusted: TrustedPeer?, mode: ReceivingMode, now: Date) -> Verdict {
        switch mode.effective(at: now) {
        case .off:
            return .refuse(TransferError(.receivingOff, "receiving is off on this device; ask its owner to run `ferry receiving contacts`"))
        case .contacts:
            guard let trusted else {
                return .refuse(TransferError(.notAContact, "this device only receives from trusted peers; trust it first (`ferry trust add FINGERPRINT`), or ask its owner to run `ferry receiving everyone`"))
            }
            return trusted.autoAccept ? .accept : .ask
        case .everyone:
            return trusted?.autoAccept == true ? .accept : .ask
        }
    }

    static func check(_ offer: TransferOffer, limits: TransferLimits, freeBytes: UInt64) -> TransferError? {
        if offer.files.isEmpty && offer.url == nil {
            return TransferError(.badRequest, "the offer lists no files and no URL")
        }
        if offer.files.count > limits.maximumFiles {
            return TransferError(.tooLarge, "the offer has \(offer.files.count) files; this device takes at most \(limits.maximumFiles) per offer")
        }
        if Set(offer.files.map(\.id)).count != offer.files.count {
            return TransferError(.badRequest, "the offer lists a file id twice")
        }
        if let bad = offer.files.first(where: { !($0.sha256.map(isHexDigest) ?? true) || $0.id.isEmpty || $0.id.utf8.count > 64 }) {
            return TransferError(.badRequest, "file \(bad.id.debugDescription) needs a 64-digit hex sha256 (or none) and an id of 1 to 64 bytes")
        }
        guard let total = offer.checkedTotalSize else {
            return TransferError(.tooLarge, "the offer's file sizes add up to more than 2^64 bytes; this device takes at most \(limits.maximumOfferBytes) per offer")
        }
        if total > limits.maximumOfferBytes {
            return TransferError(.tooLarge, "the offer holds \(total) bytes; this device takes at most \(limits.maximumOfferBytes) per offer")
        }
        if total > freeBytes || freeBytes - total < limits.reserveBytes {
            return TransferError(.noSpace, "the offer needs \(ByteText.describe(total)); this device has \(ByteText.describe(freeBytes)) free and keeps \(ByteText.describe(limits.reserveBytes)) in reserve (its FERRY_TRANSFER_RESERVE); free some space there, or send less")
        }
        return nil
    }

    /// Whether `text` is 64 lowercase hex digits, as a SHA-256 or fingerprint is written.
    public static func isHexDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
