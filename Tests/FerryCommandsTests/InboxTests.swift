import Foundation
import Synchronization
import Testing
@testable import FerryCommands
import FerryTestSupport

/// `ferry inbox pending` shows who offers what, URL included, and nothing a stranger's text could
/// do to the terminal.
@Suite(.offThePool) struct InboxTests {
    @Test func pendingShowsTheURLAndTheSenderWithoutControlCharacters() {
        let sender = "Eve\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}gpj.exe"
        let url = "https://example.com/\u{1B}[31mlogin\u{9B}2J"
        let table = PendingOffers.render([["0123abcd", sender, "2", "2048", String(repeating: "f", count: 64), url]])
        #expect(!table.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!table.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        #expect(table.contains("Eve]0;pwned[2Jgpj.exe"))
        #expect(table.contains("https://example.com/[31mlogin2J"))
        #expect(table.split(separator: "\n").first?.hasSuffix("URL") == true)
    }

    @Test func anOlderDaemonsItemsAndHugeNumbersStillRender() {
        let table = PendingOffers.render([["id1", "Bob", "1", "18446744073709551615", String(repeating: "a", count: 64)]])
        #expect(table.contains("Bob") && table.contains("aaaaaaaaaaaaaaaa"))
        let long = PendingOffers.render([["id2", "Bob", "1", "5", "ab", "https://x.example/" + String(repeating: "y", count: 500)]])
        #expect(long.contains("…") && !long.contains(String(repeating: "y", count: 300)))
    }

    /// End to end: two ferryd on loopback; the receiver's `ferry inbox pending` shows the offered
    /// URL, and the sender's name with its escape sequence defused.
    @Test func pendingEndToEnd() throws {
        let pair = try SendEndToEndTests.Pair(names: ("receiver", "Eve\u{1B}[2J"))
        #expect(try pair.receiver.run("receiving", "everyone").status == 0)
        let path = try pair.file("b.txt", "b")
        let result = Mutex<FerryWorld.Outcome?>(nil)
        let thread = Thread { result.withLock { $0 = try? pair.send(path, "--url", "https://example.com/offer") } }
        thread.start()
        var listing = ""
        try waitUntil("the offer in ferry inbox pending") {
            listing = try pair.receiver.run("inbox", "pending").stdout
            return listing.contains("example.com")
        }
        #expect(listing.contains("https://example.com/offer"), "\(listing)")
        #expect(listing.contains("Eve") && !listing.contains("\u{1B}"), "\(listing.debugDescription)")
        let id = String(listing.split(separator: "\n").dropFirst().first?.split(separator: " ").first ?? "")
        #expect(try pair.receiver.run("decline", id).status == 0)
        waitUntil("ferry send to end") { result.withLock { $0 != nil } }
        #expect(result.withLock { $0?.status } == 77)
    }
}
