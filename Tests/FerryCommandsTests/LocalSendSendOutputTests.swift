import FerryCore
import Foundation
import Testing
@testable import FerryCommands
import FerryTestSupport

/// `ferry send` to a LocalSend device (issue 29): no `accepted` event comes (LocalSend keeps nothing
/// for a resume), yet the send ends with the summary line, and its last plain line says 100 %.
@Suite(.offThePool) struct LocalSendSendOutputTests {
    static func step(_ bytes: Int, of total: Int) -> DaemonReply.Progress {
        SendProgressTests().frame(file: "b50m.bin", fileBytes: bytes, fileTotal: total, bytes: bytes, total: total)
    }

    @Test func aSendWithoutAnAcceptanceEndsWithTheSummary() throws {
        var progress = SendProgress(json: false, terminal: false, quiet: true)
        progress.show(Self.step(1_000_000, of: 52_400_000))
        progress.show(Self.step(52_400_000, of: 52_400_000))
        let summary = try #require(progress.summary(now: Date() + 4))
        #expect(summary.hasPrefix("sent 52.4 MB in "))
    }

    @Test func theLastPlainLineComesHoweverSoonAfterTheOneBefore() throws {
        var progress = SendProgress(json: false, terminal: false)
        progress.lineInterval = 3600
        progress.plainLine(Self.step(1_000_000, of: 52_400_000))
        let first = try #require(progress.lastPlainLine)
        progress.plainLine(Self.step(30_000_000, of: 52_400_000))
        #expect(progress.lastPlainLine == first, "a line in between waits for the interval")
        progress.plainLine(Self.step(52_400_000, of: 52_400_000))
        #expect(progress.lastPlainLine != first, "the 100 % line is printed")
    }
}
