import FerryCore
import FerryTransfer
import Foundation

/// The web share (§5, reverse transfer): files this device offers for download, to LocalSend apps
/// and to a phone's browser, while `ferry share --web` runs. One share at a time, as LocalSend's
/// own; a PIN when asked for, wrong ones counted per address as for uploads.
public actor LocalSendShares {
    /// A file of the share, as the download API names it.
    public struct SharedFile: Sendable {
        public var file: LocalSendFile
        public var path: String
    }

    struct Share {
        var id: String
        var files: [String: SharedFile]
        var pin: String?
        var events: @Sendable (String) async -> Void
        /// Download sessions handed out (§5.2), each bound to the address it was given to.
        var sessions: LocalSendDownloadSessions
    }

    var share: Share?
    /// The API's port once bound (for the share's URL); nil while LocalSend is off.
    public private(set) var port: Int?
    var wrongPins: [String: (count: Int, since: Date)] = [:]
    let pinAttempts: Int
    let sessionRules: LocalSendDownloadSessions.Rules
    /// Seconds on a clock that only goes forward.
    let clock: @Sendable () -> Double

    public init(pinAttempts: Int = 3) {
        self.init(pinAttempts: pinAttempts, sessionRules: .init())
    }

    init(pinAttempts: Int, sessionRules: LocalSendDownloadSessions.Rules,
         clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.pinAttempts = pinAttempts
        self.sessionRules = sessionRules
        self.clock = clock
    }

    public func setPort(_ port: Int) { self.port = port }

    /// Whether a share is open (`download: true` in this device's info).
    public var active: Bool { share != nil }

    /// Opens a share of `files` (paths and the names to give them).
    ///
    /// - Parameter events: Told, in one line, of each download started.
    /// - Returns: The share's id, for ``stop(_:)``.
    /// - Throws: 409 when another share is open.
    public func start(_ files: [LocalFile], pin: String?, events: @escaping @Sendable (String) async -> Void) throws(LocalSendError) -> String {
        guard share == nil else { throw .conflict("another web share is open; stop it (Ctrl-C in its terminal) first") }
        var shared: [String: SharedFile] = [:]
        for (index, file) in files.enumerated() {
            let id = "f\(index)"
            shared[id] = SharedFile(file: LocalSendFile(id: id, fileName: file.relativePath, size: file.size,
                                                        fileType: FileTypes.types(for: file.relativePath).mime, sha256: file.sha256),
                                    path: file.path)
        }
        let id = LocalSendSessions.randomHex(16)
        share = Share(id: id, files: shared, pin: pin?.isEmpty == false ? pin : nil, events: events,
                      sessions: LocalSendDownloadSessions(sessionRules))
        wrongPins = [:]
        return id
    }

    /// Closes share `id`; its download sessions end with it.
    public func stop(_ id: String) {
        if share?.id == id { share = nil }
    }

    /// `POST /prepare-download` (§5.2): a session (the one given back when still valid) and the
    /// files. Sessions are recycled (``LocalSendDownloadSessions``): a new one always finds room.
    ///
    /// - Throws: 403 without a share, 401 for a missing or wrong PIN, 429 after too many wrong ones.
    public func prepareDownload(session requested: String?, pin given: String?, address: String) async throws(LocalSendError)
        -> (session: String, files: [String: LocalSendFile]) {
        guard var share else { throw .forbidden("nothing is shared now; ask the owner to run `ferry share FILE --web`") }
        if let pin = share.pin {
            if let wrong = wrongPins[address], wrong.count >= pinAttempts, Date().timeIntervalSince(wrong.since) < 60 {
                throw LocalSendError(429, "too many wrong PINs from \(address); wait a minute")
            }
            guard let given, !given.isEmpty else { throw LocalSendError(401, "this share needs a PIN; ask its owner") }
            guard LocalSendSessions.same(given, pin) else {
                let old = wrongPins[address].flatMap { Date().timeIntervalSince($0.since) < 60 ? $0 : nil }
                wrongPins[address] = ((old?.count ?? 0) + 1, old?.since ?? Date())
                throw LocalSendError(401, "wrong PIN; ask the share's owner for it")
            }
        }
        let now = clock()
        var session = requested ?? ""
        if !share.sessions.use(session, address: address, now: now) {
            session = LocalSendSessions.randomHex(16)
            share.sessions.open(session, address: address, now: now)
        }
        self.share = share
        return (session, share.files.mapValues(\.file))
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
        await share.events("download of \(shared.file.fileName) to \(address)")
        return shared
    }
}
