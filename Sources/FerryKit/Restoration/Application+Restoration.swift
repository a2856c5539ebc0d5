import FerryCore

#if canImport(Glibc)
import Glibc
#endif

extension Application {
    /// The event name ferryd sends to ask for the app's restorable state.
    static let encodeStateEvent = "encodeRestorableState"

    /// Keeps the bytes of a `state-data` frame for the event with its id.
    func receiveStateData(_ frame: WireFrame) -> EventDispatch {
        guard let id = frame.id, var text = frame.data,
              text.withUTF8({ Base64.decode($0, appendingTo: &restoration.incoming[id, default: []]) }) else {
            return .fail(ApplicationError(.protocolViolation, "ferryd sent a state-data frame whose data is not base64"))
        }
        return .noReply
    }

    /// Answers `encodeRestorableState`: the archive as `state-data` frames, then a `reply` whose
    /// `archive` carries the app's version; `result` false when the app saves nothing.
    func encodeStateReplies(_ id: Int, _ delegate: some ApplicationDelegate) -> [WireFrame] {
        var reply = WireFrame(type: "reply", id: id)
        reply.result = false
        guard let delegate = delegate as? any RestorationDelegate else { return [reply] }
        do throws(RestorationError) {
            guard let (archive, appVersion) = try restoration.encodeState(of: self, delegate: delegate) else { return [reply] }
            guard archive.count <= WireFrame.maximumArchiveSize else {
                throw RestorationError(.tooLarge, "the state archive is \(archive.count) bytes; ferryd keeps at most \(WireFrame.maximumArchiveSize)")
            }
            reply.result = true
            reply.archive = WireFrame.ArchiveInfo(appVersion: appVersion, size: archive.count)
            return WireFrame.stateData(archive, id: id) + [reply]
        } catch {
            Self.report("state not saved: \(error.message)")
            return [reply]
        }
    }

    /// At `willFinishLaunching`: takes the archive that came with it, if any.
    func takeArchive(_ frame: WireFrame) {
        guard let id = frame.id else { return }
        let bytes = restoration.incoming.removeValue(forKey: id) ?? []
        guard let info = frame.archive else { return }
        restoration.pending = (bytes, info)
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
