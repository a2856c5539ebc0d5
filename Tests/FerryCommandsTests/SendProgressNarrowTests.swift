import FerryCore
import Testing
@testable import FerryCommands

/// The bar on a narrow terminal (issue 29): the ETA number stays, a long name loses its middle
/// (not all but its last 5 characters), and one file gets one bar.
@Suite struct SendProgressNarrowTests {
    static let name = "holiday-photos-from-the-lake-2026-part-2.bin"

    func frame(fileBytes: Int, fileTotal: Int, bytes: Int, total: Int) -> DaemonReply.Progress {
        var frame = DaemonReply.Progress(event: .progress)
        frame.file = Self.name
        frame.fileBytes = fileBytes
        frame.fileTotal = fileTotal
        frame.bytes = bytes
        frame.total = total
        return frame
    }

    @Test(arguments: [40, 50, 60, 80, 120])
    func oneFileIsOneLineWithItsETA(_ columns: Int) {
        let lines = SendProgress.barLines(frame(fileBytes: 10_000_000, fileTotal: 50_000_000, bytes: 10_000_000, total: 50_000_000),
                                          elapsed: 2, sentAtStart: 0, columns: columns)
        #expect(lines.count == 1)
        let line = lines[0]
        #expect(line.count < columns, "\(line.count): \(line)")
        #expect(line.hasSuffix("ETA 8 s"), "\(line)")
        #expect(line.hasPrefix("holi"), "\(line)")
        #expect(line.contains("…") || line.contains(Self.name), "\(line)")
        #expect(line.contains(".bin"), "\(line)")
    }

    @Test func at40ColumnsTheNameKeepsItsStartAndEnd() {
        let line = SendProgress.barLines(frame(fileBytes: 1, fileTotal: 4, bytes: 1, total: 4), elapsed: 1, sentAtStart: 0, columns: 40)[0]
        #expect(line.hasPrefix("holid…-2.bin  25% "), "\(line)")
        #expect(line.hasSuffix(" ETA 3 s"), "\(line)")
    }

    @Test(arguments: [40, 60, 100])
    func twoFilesAreTwoLinesTheTotalWithTheETA(_ columns: Int) {
        let lines = SendProgress.barLines(frame(fileBytes: 1_000_000, fileTotal: 4_000_000, bytes: 5_000_000, total: 10_000_000),
                                          elapsed: 1, sentAtStart: 0, columns: columns)
        #expect(lines.count == 2)
        for line in lines { #expect(line.count < columns, "\(line.count): \(line)") }
        #expect(lines[1].hasPrefix("total"))
        #expect(lines[1].hasSuffix("ETA 1 s"), "\(lines[1])")
        // The two lines' columns line up: the percentages start at the same place.
        #expect(lines[0].firstIndex(of: "%").map { lines[0].distance(from: lines[0].startIndex, to: $0) }
                == lines[1].firstIndex(of: "%").map { lines[1].distance(from: lines[1].startIndex, to: $0) })
    }

    @Test(arguments: [(Self.name, 12, "holid…-2.bin"), ("short.bin", 12, "short.bin"), ("abcdef", 3, "a…f")])
    func namesLoseTheirMiddle(_ name: String, _ width: Int, _ shown: String) {
        #expect(SendProgress.shortened(name, to: width) == shown)
    }
}
