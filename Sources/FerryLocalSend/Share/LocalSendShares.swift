import FerryCore
import FerryTransfer
import FoundationEssentials

/// The web share (§5, reverse transfer): files this device offers for download, to LocalSend apps
/// and to a phone's browser, while `ferry share --web` runs. One share at a time, as LocalSend's
/// own; a PIN when asked for, judged by a ``PinGuard`` (wrong ones budgeted per address and for
/// everyone), and a new PIN when guessing runs that budget out.
public actor LocalSendShares {
    /// A file of the share, as the download API names it.
    public struct SharedFile: Sendable {
        public var file: LocalSendFile
        public var path: String
    }

    /// Something the share's owner is told of, in one line.
    public struct Event: Sendable, Equatable {
        public enum Kind: String, Sendable {
            /// A download started.
            case download
            /// Guessing ran the PIN budget out and the share has a new PIN.
            case pin
        }

        public var kind: Kind
        public var message: String
    }

    struct Share {
        var id: String
        var files: [String: SharedFile]
        var pin: String?
        var events: @Sendable (Event) async -> Void
        /// Download sessions handed out (§5.2), each bound to the address it was given to.
        var sessions: LocalSendDownloadSessions
        var pins: PinGuard
    }

    var share: Share?
    /// The API's port once bound (for the share's URL); nil while LocalSend is off.
    public private(set) var port: Int?
    let pinRules: PinGuard.Rules
    let sessionRules: LocalSendDownloadSessions.Rules
    /// Seconds on a clock that only goes forward.
    let clock: @Sendable () -> Double

    /// - Parameter pinAttempts: Wrong PINs an address may give at once (then one every
    ///   twenty seconds); everyone together as ``PinGuard/Rules`` says.
    public init(pinAttempts: Int = 3) {
        self.init(pinRules: PinGuard.Rules(attempts: pinAttempts))
    }

    init(pinRules: PinGuard.Rules, sessionRules: LocalSendDownloadSessions.Rules = .init(),
         clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.pinRules = pinRules
        self.sessionRules = sessionRules
        self.clock = clock
    }

    public func setPort(_ port: Int) { self.port = port }

    /// Whether a share is open (`download: true` in this device's info).
    public var active: Bool { share != nil }

    /// The PIN share `id` asks for now (one ferryd made, or a new one after guessing), if any.
    public func pin(of id: String) -> String? {
        share?.id == id ? share?.pin : nil
    }

    /// Opens a share of `files` (paths and the names to give them).
    ///
    /// - Parameters:
    ///   - pin: The PIN to ask for: nil for none, ``LocalSendPin/auto`` for a random one
    ///     (``pin(of:)`` tells it), else at least ``LocalSendPin/minimumLength`` characters.
    ///   - events: Told, in one line, of each download started and each new PIN.
    /// - Returns: The share's id, for ``stop(_:)``.
    /// - Throws: 409 when another share is open; 400 for a PIN too short.
    public func start(_ files: [LocalFile], pin: String?, events: @escaping @Sendable (Event) async -> Void) throws(LocalSendError) -> String {
        guard share == nil else { throw .conflict("another web share is open; stop it (Ctrl-C in its terminal) first") }
        let pin = try LocalSendPin.forShare(pin)
        var shared: [String: SharedFile] = [:]
        for (index, file) in files.enumerated() {
            let id = "f\(index)"
            shared[id] = SharedFile(file: LocalSendFile(id: id, fileName: file.relativePath, size: file.size,
                                                        fileType: FileTypes.types(for: file.relativePath).mime, sha256: file.sha256),
                                    path: file.path)
        }
        let id = LocalSendSessions.randomHex(16)
        share = Share(id: id, files: shared, pin: pin, events: events, sessions: LocalSendDownloadSessions(sessionRules),
                      pins: PinGuard(pinRules))
        return id
    }

    /// Closes share `id`; its download sessions end with it.
    public func stop(_ id: String) {
        if share?.id == id { share = nil }
    }

    /// `POST /prepare-download` (§5.2): a session (the one given back when still valid: no PIN
    /// again) and the files. Sessions are recycled (``LocalSendDownloadSessions``): a new one
    /// always finds room.
    ///
    /// - Throws: 403 without a share, 401 for a missing or wrong PIN, 429 (with the seconds to
    ///   wait) while wrong PINs have used up the budget.
    public func prepareDownload(session requested: String?, pin given: String?, address: String) async throws(LocalSendError)
        -> (session: String, files: [String: LocalSendFile]) {
        guard var share else { throw .forbidden("nothing is shared now; ask the owner to run `ferry share FILE --web`") }
        let now = clock()
        if let requested, share.sessions.use(requested, address: address, now: now) {
            self.share = share
            return (requested, share.files.mapValues(\.file))
        }
        try await checkPin(given, address: address, now: now)
        guard var current = self.share, current.id == share.id else { throw .forbidden("the share ended") }
        let session = LocalSendSessions.randomHex(16)
        current.sessions.open(session, address: address, now: now)
        self.share = current
        return (session, current.files.mapValues(\.file))
    }

    /// `GET /download` (§5.3): the file to stream.
    ///
    /// - Throws: 403 for an unknown session or one of another address, 404 for an unknown file.
    public func download(session: String, file: String, address: String) async throws(LocalSendError) -> SharedFile {
        let known = share?.files[file] != nil
        guard var share, share.sessions.use(session, address: address, now: clock(), downloading: known) else {
            throw .forbidden("no download session \(session.debugDescription) from \(address); prepare-download first")
        }
        self.share = share
        guard let shared = share.files[file] else { throw LocalSendError(404, "the share has no file \(file.debugDescription)") }
        await share.events(Event(kind: .download, message: "download of \(shared.file.fileName) to \(address)"))
        return shared
    }
}
