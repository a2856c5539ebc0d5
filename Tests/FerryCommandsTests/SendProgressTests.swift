import Foundation
import FerryCore
import Testing
@testable import FerryCommands
import FerryTestSupport

/// `ferry send`'s terminal display: a line for the current file and one for the whole send.
@Suite(.offThePool) struct SendProgressTests {
    func frame(file: String, fileBytes: Int, fileTotal: Int, bytes: Int, total: Int) -> DaemonReply.Progress {
        var frame = DaemonReply.Progress(event: .progress)
        frame.file = file
        frame.fileBytes = fileBytes
        frame.fileTotal = fileTotal
        frame.bytes = bytes
        frame.total = total
        return frame
    }

    @Test func theFileLineAndTheTotalLineShowTheirOwnShares() {
        let lines = SendProgress.barLines(frame(file: "b.bin", fileBytes: 250, fileTotal: 1000, bytes: 1250, total: 2000),
                                          elapsed: 2, sentAtStart: 0)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("b.bin "))
        #expect(lines[0].contains(" 25% [#####...............] 250 B/1.0 KB"))
        #expect(lines[1].hasPrefix("total "))
        #expect(lines[1].contains(" 62% [############........] 1.3 KB/2.0 KB 625 B/s ETA 2 s"))
    }

    @Test func theRateCountsOnlyBytesSentSinceTheBarBegan() {
        // 1,000 bytes were resumed: 1,000 more in 1 s is 1 KB/s, and 8,000 left take 8 s.
        let lines = SendProgress.barLines(frame(file: "a", fileBytes: 2000, fileTotal: 10000, bytes: 2000, total: 10000),
                                          elapsed: 1, sentAtStart: 1000)
        #expect(lines.last!.hasSuffix("1.0 KB/s ETA 8 s"))
    }

    @Test func noRateOrETABeforeAnyTimePassed() {
        let lines = SendProgress.barLines(frame(file: "a", fileBytes: 0, fileTotal: 10, bytes: 0, total: 10), elapsed: 0, sentAtStart: 0)
        #expect(lines.last!.hasSuffix("0 B/s"))
    }

    @Test(arguments: [(5.0, "5 s"), (59.2, "1 min 0 s"), (125, "2 min 5 s")])
    func longWaitsReadInMinutes(_ seconds: Double, _ text: String) {
        #expect(SendProgress.duration(seconds) == text)
    }
}

/// The display fits the terminal, is plain where escapes would show, and ends with a summary.
@Suite(.offThePool) struct SendProgressLayoutTests {
    func frame(bytes: Int, total: Int) -> DaemonReply.Progress {
        var frame = DaemonReply.Progress(event: .progress)
        frame.file = "a-rather-long-file-name-for-the-bar-to-show.bin"
        frame.fileBytes = bytes
        frame.fileTotal = total
        frame.bytes = bytes
        frame.total = total
        return frame
    }

    /// A line as wide as the terminal wraps, and the next redraw leaves the wrapped part behind.
    @Test(arguments: [80, 60, 40, 20])
    func everyLineIsNarrowerThanTheTerminal(_ columns: Int) {
        let lines = SendProgress.barLines(frame(bytes: 123_456_789, total: 987_654_321), elapsed: 3, sentAtStart: 0, columns: columns)
        for line in lines { #expect(line.count < columns, "\(line.count): \(line)") }
        #expect(lines.count == 1, "one file, one bar")
    }

    @Test func at80ColumnsTheRateAndETAStillShow() {
        let lines = SendProgress.barLines(frame(bytes: 123_456_789, total: 987_654_321), elapsed: 3, sentAtStart: 0, columns: 80)
        #expect(lines[0].contains("/s ETA "), "\(lines[0])")
        #expect(lines[0].contains("["))
    }

    @Test func aDumbOrUnknownTerminalGetsNoEscapes() {
        #expect(!SendProgress.capableTerminal(["TERM": "dumb"], isTTY: true))
        #expect(!SendProgress.capableTerminal([:], isTTY: true))
        #expect(!SendProgress.capableTerminal(["TERM": "xterm-256color"], isTTY: false))
        #expect(SendProgress.capableTerminal(["TERM": "xterm-256color"], isTTY: true))
    }

    @Test func plainLinesSayHowFarAndHowFast() {
        #expect(SendProgress.plainLine(frame(bytes: 5_000_000, total: 20_000_000), elapsed: 2, sentAtStart: 1_000_000)
            == "sent 5.0 MB of 20.0 MB (25%), 2.0 MB/s")
    }

    @Test func theSummaryCountsTheBytesSentThisTime() {
        var progress = SendProgress(json: false, terminal: false)
        let start = Date()
        progress.acceptedAt = (start, 10_000_000, 50_000_000)
        progress.sent = 50_000_000
        #expect(progress.summary(now: start + 8) == "sent 40.0 MB in 8.0 s (5.0 MB/s average)")
        #expect(progress.summary(now: start + 80) == "sent 40.0 MB in 1 min 20 s (500.0 KB/s average)")
    }

    @Test func aCancelBeforeAcceptanceSaysNothingWasDelivered() {
        var tally = SendInterrupt.Tally()
        tally.peer = "Kitchen"
        #expect(SendInterrupt.message(tally) == "cancelled before Kitchen accepted; nothing was delivered")
        tally.accepted = true
        tally.sent = 2_000_000
        tally.total = 8_000_000
        tally.filesSent = 1
        #expect(SendInterrupt.message(tally).hasPrefix("cancelled; nothing was delivered: 2.0 MB of 8.0 MB (1 whole file) reached Kitchen"))
    }

    /// A LocalSend device never says "accepted" the way a Ferry receiver does, and keeps no part
    /// of a cut upload: no promise of a resume.
    @Test func aCancelMidUploadToALocalSendDevicePromisesNoResume() {
        var tally = SendInterrupt.Tally()
        tally.peer = "Pixel"
        tally.sent = 3_000_000
        #expect(SendInterrupt.message(tally) == "cancelled after 3.0 MB went to Pixel; nothing was delivered, and sending again starts over")
    }
}
