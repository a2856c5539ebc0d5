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
    let started = Date()
    var barShown = false

    struct Event: Encodable {
        var event: String
        var file: String?
        var bytes: Int?
        var total: Int?
        var message: String?
        var items: [String]?
    }

    mutating func show(_ frame: WireFrame) {
        let event = frame.event ?? ""
        if json {
            print(JSONOutput.line(Event(event: event, file: frame.file, bytes: frame.bytes, total: frame.total)))
            fflush(nil)
            return
        }
        switch event {
        case "waiting": print("waiting for the receiver to accept…")
        case "accepted":
            if let resumed = frame.bytes, resumed > 0 { print("accepted; resuming after \(Self.size(resumed))") } else if !terminal { print("accepted") }
        case "file-done": if !terminal { print("sent \(frame.file ?? "")") }
        case "progress" where terminal: bar(frame)
        default: break
        }
        fflush(nil)
    }

    mutating func bar(_ frame: WireFrame) {
        let sent = frame.bytes ?? 0
        let total = max(frame.total ?? 1, 1)
        let seconds = max(Date().timeIntervalSince(started), 0.001)
        let rate = Double(sent) / seconds
        let eta = rate > 0 ? Int(Double(total - sent) / rate) : 0
        let width = 24
        let filled = width * sent / total
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let name = String((frame.file ?? "").suffix(30))
        print("\r\(Self.padded(100 * sent / total))% [\(bar)] \(Self.size(sent))/\(Self.size(total)) \(Self.size(Int(rate)))/s ETA \(eta) s \(name)\u{1B}[K", terminator: "")
        barShown = true
    }

    mutating func finish() {
        if barShown { print("") }
        barShown = false
    }

    func report(_ result: WireFrame) throws {
        if json {
            print(JSONOutput.line(Event(event: result.outcome ?? "failed", message: result.message, items: result.items)))
        }
        guard result.outcome == "delivered" else {
            throw CommandFailure(message: result.message ?? "send failed", exit: ExitCode(result.exitCode ?? 74))
        }
        guard !json else { return }
        for item in result.items ?? [] {
            let parts = item.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3 else { continue }
            print(parts[0] == "delivered" ? "delivered \(parts[2]) to \(parts[1]) on \(result.peer ?? "the peer")" : "\(parts[0]) \(parts[2])")
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
