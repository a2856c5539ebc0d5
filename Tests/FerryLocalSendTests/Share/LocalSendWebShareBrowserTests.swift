import FerryTestSupport
import Foundation
import Testing

/// The web share page in a real browser (issue 29): Support/web_share_browser.py drives Debian's
/// headless Chromium over the DevTools protocol against a real ferryd and `ferry share --web`, both
/// on 127.0.0.1 only. PIN right, wrong, left unanswered with dialogs suppressed; the lockout; a
/// download; Ctrl-C; an old link and a reload after the stop; no JavaScript; a 390 px viewport.
@Suite(.offThePool) struct LocalSendWebShareBrowserTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Support/web_share_browser.py").path

    static var chromium: Bool {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Where `swift build` put ferry and ferryd: next to the test bundle.
    static var binaries: String? {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return [here, here.deletingLastPathComponent()].map(\.path).first { folder in
            ["ferry", "ferryd"].allSatisfy { FileManager.default.isExecutableFile(atPath: folder + "/" + $0) }
        }
    }

    @Test(.enabled(if: chromium, "skipped: chromium not installed (apt-get install -y chromium)"),
          .enabled(if: binaries != nil, "skipped: ferry and ferryd are not built next to the tests (swift build)"),
          .timeLimit(.minutes(3)))
    func thePageWorksInHeadlessChromium() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script, try #require(Self.binaries)]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains(" passed, 0 failed") && !output.contains("not ok"), "\(output)")
    }
}
