/// What a send reports as it goes.
public enum TransferEvent: Sendable, Equatable {
    /// The offer was sent; the receiver is asking its user.
    case waiting
    /// The receiver accepted; `resumed` bytes were already there.
    case accepted(totalBytes: UInt64, resumedBytes: UInt64)
    /// Bytes of one file went out.
    case progress(file: String, fileSent: UInt64, fileSize: UInt64, totalSent: UInt64, totalBytes: UInt64)
    /// Files are stored and checked on the receiver: one, or a batch upload's all at once.
    case filesDone([String])
}

/// How a send ended (failures throw).
public enum SendOutcome: Sendable, Equatable {
    /// Delivered, with the receiver's receipt.
    case delivered(OfferReceipt)
    /// An earlier send of the same files had delivered them (its finish's answer was lost): the
    /// receiver's receipt of that one; nothing was sent this time.
    case deliveredEarlier(OfferReceipt)
    /// The receiver (or its user, or the clock) declined.
    case declined(String)
}
