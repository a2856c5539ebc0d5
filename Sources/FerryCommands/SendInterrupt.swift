import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C (SIGINT) or SIGTERM during `ferry send`: one line saying what was and was not delivered,
/// then exit 130. Leaving closes the connection to ferryd, which cancels the transfer (the receiver
/// keeps the bytes it has for a resume; a finish is all or nothing, so nothing reached an Inbox).
final class SendInterrupt: Sendable {
    /// What the send had reached when the signal came.
    struct Tally: Sendable {
        var accepted = false
        var sent = 0
        var total = 0
        var filesSent = 0
        var peer = "the receiver"
        /// A progress bar is on the terminal's last row: the message starts on a line of its own.
        var barShown = false
    }

    private let tally = Mutex(Tally())
    // Set once in init and never touched again; kept only so the sources stay alive.
    nonisolated(unsafe) private let sources: [any DispatchSourceSignal]
    let json: Bool
    /// The text `--text` or `-` wrote for the send, removed on the way out.
    let outgoing: OutgoingText?

    /// Starts watching SIGINT and SIGTERM (their default action, dying silently, is turned off).
    init(json: Bool, outgoing: OutgoingText?) {
        self.json = json
        self.outgoing = outgoing
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: number, queue: .global())
        }
        for source in sources {
            source.setEventHandler { self.interrupted() }
            source.resume()
        }
    }

    func update(_ change: (inout Tally) -> Void) {
        tally.withLock { change(&$0) }
    }

    /// The line for `tally`: nothing is ever half-delivered, so it says what reached the peer.
    static func message(_ tally: Tally) -> String {
        guard tally.accepted else {
            // Bytes without an acceptance: a LocalSend device, which keeps nothing of a cut upload.
            guard tally.sent == 0 else {
                return "cancelled after \(SendProgress.size(tally.sent)) went to \(tally.peer); nothing was delivered, and sending again starts over"
            }
            return "cancelled before \(tally.peer) accepted; nothing was delivered"
        }
        return "cancelled; nothing was delivered: \(SendProgress.size(tally.sent)) of \(SendProgress.size(tally.total))"
            + " (\(tally.filesSent) whole file\(tally.filesSent == 1 ? "" : "s")) reached \(tally.peer), which keeps them"
            + " for a resume: send the same files again to go on"
    }

    private func interrupted() {
        let tally = tally.withLock { $0 }
        if json { print(SendProgress.Event(event: "cancelled", bytes: tally.sent, total: tally.total, message: Self.message(tally)).line) }
        if tally.barShown { print("") }
        fflush(nil)
        printError("\(Colour.errorPrefix) \(Self.message(tally))")
        outgoing?.remove()
        _exit(FerryExit.interrupted.rawValue)
    }
}
