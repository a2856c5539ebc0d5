import Testing
import FerryTransfer

/// Trimming as Foundation's `trimmingCharacters(in: .whitespaces)` and `.whitespacesAndNewlines`.
@Suite struct StringTrimmingTests {
    @Test(arguments: [("  a b  ", "a b"), ("\ta\t", "a"), ("\u{00A0}\u{3000}名前\u{2003}", "名前"), ("   ", ""), ("", ""),
                      ("\na\n", "\na\n")])
    func trimsSpacesAndTabsOnly(_ text: String, _ trimmed: String) {
        #expect(text.trimmingWhitespace == trimmed)
    }

    @Test(arguments: [("\n https://x.example/ \r\n", "https://x.example/"), ("\u{2028}a\u{85}", "a"), ("a\nb", "a\nb")])
    func trimsNewlinesToo(_ text: String, _ trimmed: String) {
        #expect(text.trimmingWhitespaceAndNewlines == trimmed)
    }

    @Test func keepsACombiningMarkOnTheLastLetter() {
        #expect("e\u{301} ".trimmingWhitespace == "e\u{301}")
    }
}
