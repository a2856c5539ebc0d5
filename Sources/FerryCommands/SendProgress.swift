import ArgumentParser
import FerryCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// `ferry send`'s output: a bar on a terminal, plain lines otherwise, JSON events with --json.
struct SendProgress {
    let json: Bool
    let terminal: Bool
    var barShown = false
    /// When the bar began and how many bytes had been sent then: the rate and ETA count from here.
    var rateStart: (time: Date, bytes: Int)?

    struct Event: Encodable {
        var event: String
        var file: String?
        var bytes: Int?
        var total: Int?
        var fileBytes: Int?
        var fileTotal: Int?
        var message: String?
        var items: [String]?
    }

    mutating func show(_ frame: WireFrame) {
        let event = frame.event ?? ""
        if json, event == "file-done" {
            // A batch's files come in one frame; scripts still get a line per file.
            for file in Self.filesDone(frame) { print(JSONOutput.line(Event(event: event, file: file))) }
            fflush(nil)
            return
        }
        if json {
            print(JSONOutput.line(Event(event: event, file: frame.file, bytes: frame.bytes, total: frame.total,
                                         fileBytes: frame.fileBytes, fileTotal: frame.fileTotal)))
            fflush(nil)
            return
        }
        switch event {
        case "waiting": print("waiting for the receiver to accept…")
        case "accepted":
            if let resumed = frame.bytes, resumed > 0 { print("accepted; resuming after \(Self.size(resumed))") } else if !terminal { print("accepted") }
        case "file-done": if !terminal { for file in Self.filesDone(frame) { print("sent \(file)") } }
        case "progress" where terminal: bar(frame)
        default: break
        }
        fflush(nil)
    }

    /// The files a `file-done` frame reports: its `files`, or its one `file`.
    static func filesDone(_ frame: WireFrame) -> [String] {
        frame.files ?? frame.file.map { [$0] } ?? []
    }

    /// Two lines redrawn in place: the current file, then the whole send with its rate and ETA.
    mutating func bar(_ frame: WireFrame) {
        let now = Date()
        if rateStart == nil { rateStart = (now, frame.bytes ?? 0) }
        let lines = Self.barLines(frame, elapsed: now.timeIntervalSince(rateStart!.time), sentAtStart: rateStart!.bytes)
        print((barShown ? "\u{1B}[1A\r" : "") + lines.joined(separator: "\u{1B}[K\n") + "\u{1B}[K", terminator: "")
        barShown = true
    }

    /// The file line and the total line of `frame`; the rate counts bytes sent since progress
    /// began (`sentAtStart` of them were there then: resumed, or sent before the first frame).
    static func barLines(_ frame: WireFrame, elapsed: Double, sentAtStart: Int) -> [String] {
        let sent = frame.bytes ?? 0, total = max(frame.total ?? 1, 1)
        let fileSent = frame.fileBytes ?? sent, fileTotal = max(frame.fileTotal ?? total, 1)
        let rate = elapsed > 0.05 ? Double(sent - sentAtStart) / elapsed : 0
        let eta = rate > 0 ? " ETA \(Self.duration(Double(total - sent) / rate))" : ""
        let name = String((frame.file ?? "").suffix(28))
        let file = "\(Self.column(name, 28)) \(Self.padded(100 * fileSent / fileTotal))% [\(Self.gauge(fileSent, fileTotal))] \(Self.size(fileSent))/\(Self.size(fileTotal))"
        let all = "\(Self.column("total", 28)) \(Self.padded(100 * sent / total))% [\(Self.gauge(sent, total))] \(Self.size(sent))/\(Self.size(total)) \(Self.size(Int(rate)))/s\(eta)"
        return [file, all]
    }

    static func gauge(_ part: Int, _ whole: Int, width: Int = 20) -> String {
        let filled = min(width, width * part / max(whole, 1))
        return String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    }

    static func column(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
    }

    mutating func finish() {
        if barShown { print("") }
        barShown = false
    }

    func report(_ result: WireFrame) throws {
        if json {
            print(JSONOutput.line(Event(event: result.outcome ?? "failed", message: result.message, items: result.version1Items)))
        }
        guard result.outcome == "delivered" else {
            throw CommandFailure(message: result.message ?? "send failed", exit: ExitCode(result.exitCode ?? 74))
        }
        guard !json else { return }
        for item in result.deliveryItems {
            print(item.status == "delivered" ? "delivered \(item.name) to \(item.app) on \(result.peer ?? "the peer")" : "\(item.status) \(item.name)")
        }
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
