import FerryProtocol
import Testing

/// One sanitizer for every peer's text: what could drive the terminal or hide and reorder text
/// goes, the rest (accents, other scripts, emoji) stays.
@Suite struct PeerTextTests {
    @Test(arguments: [
        ("\u{1B}]0;pwned\u{07}Alice", "]0;pwnedAlice"),
        ("\u{1B}[2Jclear", "[2Jclear"),
        ("line\rover", "lineover"),
        ("a\u{9B}2Jb\u{7F}c", "a2Jbc"),
        ("gpj.\u{202E}exe", "gpj.exe"),
        ("\u{2066}x\u{2069}\u{200E}\u{200F}\u{061C}\u{202A}", "x"),
        ("zero\u{200B}width\u{FEFF}\u{2028}\u{2029}\u{00AD}", "zerowidth"),
    ])
    func controlsAndInvisibleFormattingAreRemoved(raw: String, shown: String) {
        #expect(PeerText.printable(raw) == shown)
    }

    @Test(arguments: ["Zoë's Pixel", "日本語の電話", "👨\u{200D}👩\u{200D}👧 family", "plain-name 2"])
    func ordinaryNamesAreUnchanged(name: String) {
        #expect(PeerText.printable(name) == name)
    }
}
