/// Where a received file goes: an app's container, and whether to open the app with it.
public struct InboxTarget: Sendable, Equatable {
    /// The app's bundle id.
    public var app: String
    /// The app's container; the file goes to `<container>/Documents/Inbox`.
    public var container: String
    /// Whether to open the app with the file's URL once it is there (false for the built-in
    /// Files app, whose Inbox `ferry inbox` shows).
    public var open: Bool

    public init(app: String, container: String, open: Bool) {
        self.app = app
        self.container = container
        self.open = open
    }
}

/// A file now in an Inbox, for the host to open its app with.
public struct DeliveredFile: Sendable, Equatable {
    public var target: InboxTarget
    /// The absolute path of the file in the Inbox.
    public var path: String
    /// The sender's name and certificate fingerprint.
    public var sender: String
    public var senderFingerprint: String
    public var size: UInt64
    public var sha256: String
}

/// An offer waiting for the user (`ferry inbox pending`).
public struct PendingOffer: Sendable, Equatable {
    public var id: String
    public var sender: String
    public var senderFingerprint: String
    public var files: Int
    public var bytes: UInt64
    public var url: String?
}

/// What the receiver asks of the program it runs in (ferryd): trust, mode, where files go, and
/// what to do once they are there.
public protocol ReceiverHost: Sendable {
    /// The trust entry for a certificate fingerprint, if the peer is trusted.
    func trustedPeer(fingerprint: String) async -> TrustedPeer?
    /// The receiving mode now.
    func receivingMode() async -> ReceivingMode
    /// The Inbox for a file: the named app if installed, else the best document-type match, else
    /// the built-in Files app.
    func target(for file: OfferedFile, preferredApp: String?) async -> InboxTarget
    /// A file reached its Inbox; open its app if the target says so.
    func delivered(_ file: DeliveredFile) async
    /// The files of one offer reached their Inboxes, in the offer's order (by default, each passed
    /// to ``delivered(_:)-(DeliveredFile)``).
    func delivered(_ files: [DeliveredFile]) async
    /// An accepted offer carried a URL: open it as `ferry open` would.
    func openURL(_ url: String, sender: String) async -> Bool
    /// Opens the URL as ``openURL(_:sender:)`` does, and says why not when it could not: the
    /// sender is told (by default, a generic reason when ``openURL(_:sender:)`` returns false).
    func openURLFailure(_ url: String, sender: String) async -> URLOpenFailure?
    /// An offer is waiting for the user.
    func offerWaiting(_ offer: PendingOffer) async
    /// Offer `offer` could not be delivered: nothing of it reached an Inbox, its files are kept
    /// for a resume (by default, nothing is done).
    func finishFailed(offer: String, sender: String, error: TransferError) async
    /// Offer `id` is no longer waiting: accepted, declined, cancelled (by default, nothing is done).
    func offerDecided(_ id: String) async
    /// A file of an accepted offer is arriving: `written` of `size` bytes so far, reported at most
    /// twice a second per upload (by default, nothing is done).
    func receiving(_ progress: ReceiveProgress) async
}

/// How far one file of an offer has arrived.
public struct ReceiveProgress: Sendable, Equatable {
    public var offer: String
    public var sender: String
    public var senderFingerprint: String
    public var fileName: String
    public var written: UInt64
    public var size: UInt64
}

/// Why a received URL was not opened, for the sender's receipt.
public struct URLOpenFailure: Sendable, Equatable {
    /// `no-handler` or `app-failed`.
    public var kind: String
    /// One line naming the scheme or app at fault.
    public var message: String

    public init(kind: String, message: String) {
        self.kind = kind
        self.message = message
    }

    public static func noHandler(_ message: String) -> URLOpenFailure { .init(kind: "no-handler", message: message) }

    public static func appFailed(_ message: String) -> URLOpenFailure { .init(kind: "app-failed", message: message) }
}

extension ReceiverHost {
    public func openURLFailure(_ url: String, sender: String) async -> URLOpenFailure? {
        await openURL(url, sender: sender) ? nil : .appFailed("the receiver could not open \(url)")
    }

    public func finishFailed(offer: String, sender: String, error: TransferError) async {}

    public func offerDecided(_ id: String) async {}

    public func receiving(_ progress: ReceiveProgress) async {}

    public func delivered(_ files: [DeliveredFile]) async {
        for file in files { await delivered(file) }
    }
}
