import FerryCore
import Testing
@testable import FerryCommands

/// `ferry send`'s terminal display: a line for the current file and one for the whole send.
@Suite struct SendProgressTests {
    func frame(file: String, fileBytes: Int, fileTotal: Int, bytes: Int, total: Int) -> WireFrame {
        var frame = WireFrame(type: "progress", id: 1)
        frame.event = "progress"
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
        #expect(lines[1].hasSuffix("1.0 KB/s ETA 8 s"))
    }

    @Test func noRateOrETABeforeAnyTimePassed() {
        let lines = SendProgress.barLines(frame(file: "a", fileBytes: 0, fileTotal: 10, bytes: 0, total: 10), elapsed: 0, sentAtStart: 0)
        #expect(lines[1].hasSuffix("0 B/s"))
    }

    @Test(arguments: [(5.0, "5 s"), (59.2, "1 min 0 s"), (125, "2 min 5 s")])
    func longWaitsReadInMinutes(_ seconds: Double, _ text: String) {
        #expect(SendProgress.duration(seconds) == text)
    }
}
