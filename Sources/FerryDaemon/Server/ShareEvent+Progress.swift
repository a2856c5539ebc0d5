import FerryCore
import FerryLocalSend

extension LocalSendShares.Event.Kind {
    /// The web share's event as the `progress` step `ferry share` reads.
    var progressEvent: DaemonReply.Progress.Event {
        switch self {
        case .download: .download
        case .pin: .pin
        }
    }
}
