import ArgumentParser
import FerryCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// `ferry send`'s output: a bar on a capable terminal (fitted to its width, read again at each
/// redraw so a resized window is followed), plain periodic lines otherwise, JSON events with
/// --json; a summary line at the end.
struct SendProgress {
    let json: Bool
    /// A terminal that understands cursor movement: stdout is a tty and `TERM` is set, not `dumb`.
    let terminal: Bool
    /// Nothing but errors (`-q`).
    var quiet = false
    /// The terminal's width in columns, asked at each redraw.
    var columns: () -> Int = TerminalSize.columns
    /// Seconds between plain progress lines when not on a capable terminal.
    var lineInterval: Double = 2
    var barShown = false
    /// How many lines the bar has drawn (1 or 2): the redraw goes back up over them.
    var barLines = 0
    /// When the bar began and how many bytes had been sent then: the rate and ETA count from here.
    var rateStart: (time: Date, bytes: Int)?
    /// When the receiver accepted, and what it already had (resumed): the summary counts from here.
    var acceptedAt: (time: Date, resumed: Int, total: Int)?
    var lastPlainLine: Date?
    /// The first bytes' time: the summary's start for a LocalSend device, which sends no `accepted`.
    var firstProgress: Date?
    /// The last byte counts seen, for the summary and for what a cancel reports.
    var sent = 0
    var filesDone: [String] = []

    struct Event: Encodable {
        var event: String
        /// The send's id (`started`), for `ferry send --cancel`.
        var id: String?
        var file: String?
        var bytes: Int?
        var total: Int?
        var fileBytes: Int?
        var fileTotal: Int?
        var message: String?
        /// The receipt's rows as objects, as `files` (once `status\tapp\tname` strings; the protocol
        /// has sent objects since version 2, and scripts that read `items` get the same rows).
        var items: [Delivered]?
        /// The receipt's rows as objects.
        var files: [Delivered]?
        var peer: String?
    }

    /// One file of the final event: `status` is `delivered` or `missing`.
    struct Delivered: Encodable {
        var status: String
        var bundleIdentifier: String
        var app: String
        var name: String
    }

    init(json: Bool, terminal: Bool, quiet: Bool = false) {
        self.json = json
        self.terminal = terminal
        self.quiet = quiet
    }

    /// Whether stdout is a terminal that takes cursor escapes.
    static func capableTerminal(_ environment: [String: String], isTTY: Bool = isatty(1) == 1) -> Bool {
        guard isTTY, let term = environment["TERM"], !term.isEmpty else { return false }
        return term != "dumb"
    }

    mutating func show(_ step: DaemonReply.Progress) {
        let event = step.event
        record(step)
        if quiet && !json { return }
        if json, event == .fileDone {
            // A batch's files come in one frame; scripts still get a line per file.
            for file in Self.filesDone(step) { print(Event(event: event.rawValue, file: file).line) }
            fflush(nil)
            return
        }
        if json {
            print(Event(event: event.rawValue, file: step.file, bytes: step.bytes, total: step.total,
                        fileBytes: step.fileBytes, fileTotal: step.fileTotal).line)
            fflush(nil)
            return
        }
        switch event {
        case .waiting: print("waiting for the receiver to accept…")
        case .accepted:
            if let resumed = step.bytes, resumed > 0 { print("accepted; resuming after \(Self.size(resumed))") } else if !terminal { print("accepted") }
        case .fileDone: if !terminal { for file in Self.filesDone(step) { print("sent \(file)") } }
        case .progress where terminal: bar(step)
        case .progress: plainLine(step)
        default: break
        }
        fflush(nil)
    }

    /// What a cancel reports.
    func tally(_ tally: inout SendInterrupt.Tally) {
        tally.accepted = acceptedAt != nil
        tally.total = acceptedAt?.total ?? 0
        tally.sent = max(sent, acceptedAt?.resumed ?? 0)
        tally.filesSent = filesDone.count
        tally.barShown = barShown
    }

    /// Keeps what the summary and a cancel need.
    mutating func record(_ step: DaemonReply.Progress) {
        switch step.event {
        case .accepted: acceptedAt = (Date(), step.bytes ?? 0, step.total ?? 0)
        case .progress:
            sent = max(sent, step.bytes ?? 0)
            if firstProgress == nil { firstProgress = Date() }
        case .fileDone: filesDone += Self.filesDone(step)
        default: break
        }
    }

    /// A plain line at most every ``lineInterval`` seconds (a pipe, a log, `TERM=dumb`).
    mutating func plainLine(_ step: DaemonReply.Progress) {
        let now = Date()
        if rateStart == nil { rateStart = (now, step.bytes ?? 0) }
        // The last line says 100 %, however soon after the one before it comes.
        if let last = lastPlainLine, now.timeIntervalSince(last) < lineInterval, (step.bytes ?? 0) < (step.total ?? 0) { return }
        lastPlainLine = now
        print(Self.plainLine(step, elapsed: now.timeIntervalSince(rateStart!.time), sentAtStart: rateStart!.bytes))
    }

    static func plainLine(_ step: DaemonReply.Progress, elapsed: Double, sentAtStart: Int) -> String {
        let sent = step.bytes ?? 0, total = max(step.total ?? 1, 1)
        let rate = elapsed > 0.05 ? Double(sent - sentAtStart) / elapsed : 0
        return "sent \(size(sent)) of \(size(total)) (\(100 * sent / total)%), \(size(Int(rate)))/s"
    }

    /// The files a `file-done` frame reports: its `files`, or its one `file`.
    static func filesDone(_ step: DaemonReply.Progress) -> [String] {
        step.files ?? step.file.map { [$0] } ?? []
    }

    /// The bar redrawn in place: one line for a single file, else the current file's and the whole send's.
    mutating func bar(_ step: DaemonReply.Progress) {
        let now = Date()
        if rateStart == nil { rateStart = (now, step.bytes ?? 0) }
        let lines = Self.barLines(step, elapsed: now.timeIntervalSince(rateStart!.time), sentAtStart: rateStart!.bytes,
                                  columns: columns())
        // Back to the first row of what was drawn; a bar that lost a line clears it.
        let up = barLines > 1 ? "\u{1B}[\(barLines - 1)A" : ""
        let cleared = lines.count < barLines ? "\n\u{1B}[K\u{1B}[1A" : ""
        print((barShown ? up + "\r" : "") + lines.joined(separator: "\u{1B}[K\n") + "\u{1B}[K" + cleared, terminator: "")
        barShown = true
        barLines = lines.count
    }

    /// The bar's lines for `step`, each shorter than `columns` (a line as wide as the terminal
    /// wraps, and the redraw would leave it behind). One file gets one line; more get the current
    /// file's and the total's. The rate counts bytes sent since progress began (`sentAtStart` of
    /// them were there then: resumed, or sent before the first frame). When room is short the rate
    /// goes first, then the byte counts; the ETA stays, and a long name loses its middle.
    static func barLines(_ step: DaemonReply.Progress, elapsed: Double, sentAtStart: Int, columns: Int = 100) -> [String] {
        let sent = step.bytes ?? 0, total = max(step.total ?? 1, 1)
        let fileSent = step.fileBytes ?? sent, fileTotal = max(step.fileTotal ?? total, 1)
        let rate = elapsed > 0.05 ? Double(sent - sentAtStart) / elapsed : 0
        let eta = rate > 0 ? "ETA \(Self.duration(Double(total - sent) / rate))" : nil
        let sizes = "\(Self.size(sent))/\(Self.size(total))"
        let tails = [[sizes, "\(Self.size(Int(rate)))/s", eta], [sizes, eta], [eta]].map { $0.compactMap { $0 }.joined(separator: " ") }
        let width = max(1, columns - 1)
        let single = fileTotal == total
        let name = step.file ?? ""
        let layout = BarLayout(name: single ? name : (name.count >= 5 ? name : "total"), tails: tails, width: width)
        let all = layout.line(single ? name : "total", percent: 100 * sent / total, gauge: (sent, total), tail: layout.tail)
        guard !single else { return [all] }
        let file = layout.line(name, percent: 100 * fileSent / fileTotal, gauge: (fileSent, fileTotal),
                               tail: layout.level < 2 ? "\(Self.size(fileSent))/\(Self.size(fileTotal))" : "")
        return [file, all]
    }

    static func gauge(_ part: Int, _ whole: Int, width: Int = 20) -> String {
        let filled = min(width, width * part / max(whole, 1))
        return String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    }

    static func column(_ text: String, _ width: Int) -> String {
        let shown = shortened(text, to: width)
        return shown + String(repeating: " ", count: max(0, width - shown.count))
    }

    /// `text` in at most `width` characters: a long one keeps its start and its end (the
    /// extension), with `…` in the middle.
    static func shortened(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(width)) }
        let end = width / 2, start = width - 1 - end
        return text.prefix(start) + "…" + text.suffix(end)
    }

    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
    }

    mutating func finish() {
        if barShown { print("") }
        barShown = false
        barLines = 0
    }

    func report(_ result: DaemonReply.Result) throws {
        if json {
            let files = result.deliveries != nil ? result.deliveryItems.map { Delivered(status: $0.status, bundleIdentifier: $0.app, app: $0.app, name: $0.name) } : nil
            print(Event(event: result.outcome.rawValue, message: result.message, items: files, files: files, peer: result.peer).line)
        }
        guard result.outcome == .delivered else {
            throw CommandFailure(message: PeerText.printable(result.message ?? "send failed"), exit: result.exit(or: FerryExit.transferFailed))
        }
        guard !json && !quiet else { return }
        for item in result.deliveryItems {
            let name = PeerText.printable(item.name)
            // A LocalSend device names no app: the file went to the device.
            let app = item.app.isEmpty ? "" : "\(PeerText.printable(item.app)) on "
            print(item.status == "delivered" ? "delivered \(name) to \(app)\(PeerText.printable(result.peer ?? "the peer"))"
                                             : "\(PeerText.printable(item.status)) \(name)")
        }
        // A resend answered by the earlier send's receipt says so (SendRequest).
        if let message = result.message { print(PeerText.printable(message)) }
        if let summary = summary(now: Date()) { print(summary) }
    }

    /// `sent 40.0 MB in 8 s (5.0 MB/s average)`: the bytes sent this time (not those the
    /// receiver already had), from its acceptance to now.
    func summary(now: Date) -> String? {
        guard let accepted = acceptedAt ?? firstProgress.map({ ($0, 0, sent) }) else { return nil }
        let bytes = max(0, max(sent, accepted.total) - accepted.resumed)
        let seconds = now.timeIntervalSince(accepted.time)
        let average = seconds > 0.001 ? Int(Double(bytes) / seconds) : bytes
        let time = seconds < 10 ? "\(Double(Int(seconds * 10)) / 10) s" : Self.duration(seconds)
        return "sent \(Self.size(bytes)) in \(time) (\(Self.size(average))/s average)"
    }

    static func size(_ bytes: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return unit == 0 ? "\(bytes) B" : "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    static func padded(_ percent: Int) -> String {
        String(repeating: " ", count: max(0, 3 - String(percent).count)) + String(percent)
    }
}

/// The width of the terminal on stdout.
enum TerminalSize {
    /// Columns from TIOCGWINSZ, else `COLUMNS`, else 80.
    static func columns() -> Int {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let text = getenv("COLUMNS"), let value = Int(String(cString: text)), value > 0 { return value }
        return 80
    }
}
