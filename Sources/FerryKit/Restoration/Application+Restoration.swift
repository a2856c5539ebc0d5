import FerryProtocol

#if canImport(Glibc)
import Glibc
#endif

extension Application {
    /// The event name ferryd sends to ask for the app's restorable state.
    static let encodeStateEvent = "encodeRestorableState"

    /// Answers `encodeRestorableState`: the archive as `state-data` chunks, then a `reply` whose
    /// `archive` carries the app's version; `result` false when the app saves nothing.
    func encodeStateReplies(_ id: Int, _ delegate: some ApplicationDelegate) -> [Envelope<AppReply>] {
        let nothing = [Envelope(id: id, AppReply.reply(.init(result: false)))]
        guard let delegate = delegate as? any RestorationDelegate else { return nothing }
        do throws(RestorationError) {
            guard let (archive, appVersion) = try restoration.encodeState(of: self, delegate: delegate) else { return nothing }
            guard archive.count <= AppReply.maximumArchiveSize else {
                throw RestorationError(.tooLarge, "the state archive is \(archive.count) bytes; ferryd keeps at most \(AppReply.maximumArchiveSize)")
            }
            let info = AppEvent.ArchiveInfo(appVersion: appVersion, size: archive.count)
            return (AppReply.stateChunks(archive) + [.reply(.init(result: true, archive: info))]).map { Envelope(id: id, $0) }
        } catch {
            Self.report("state not saved: \(error.message)")
            return nothing
        }
    }

    /// At `willFinishLaunching`: takes the saved state that came with the launch, if any.
    func takeArchive(_ event: AppEvent.Event) {
        guard let info = event.archive else { return }
        restoration.pending = (restoration.readArchive() ?? [], info)
    }

    /// Before `didFinishLaunching`: restores the archive of this launch, once.
    func restorePendingState(_ delegate: some ApplicationDelegate) {
        guard let (bytes, info) = restoration.pending else { return }
        restoration.pending = nil
        guard let delegate = delegate as? any RestorationDelegate else { return }
        let outcome: RestorationOutcome
        if let size = info.size, size != bytes.count {
            outcome = .failed(RestorationError(.damagedArchive, "the state archive has \(bytes.count) of its \(size) bytes"))
        } else {
            outcome = restoration.restore(bytes, info: info, into: self, delegate: delegate)
        }
        restoration.outcome = outcome
        if case .failed(let error) = outcome { Self.report("restoration failed: \(error.message); starting without the saved state") }
    }

    /// One line on stderr, which ferryd keeps in the app's log.
    static func report(_ line: String) {
        let bytes = Array("ferrykit: \(line)\n".utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
