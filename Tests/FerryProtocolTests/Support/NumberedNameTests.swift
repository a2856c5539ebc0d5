import Testing
@testable import FerryProtocol

@Suite struct NumberedNameTests {
    @Test(arguments: [
        ("report.pdf", 2, "report 2.pdf"),
        ("report", 3, "report 3"),
        (".bashrc", 2, ".bashrc 2"),
        (String(repeating: "x", count: 255), 12, String(repeating: "x", count: 252) + " 12"),
        (String(repeating: "x", count: 250) + ".txt", 2, String(repeating: "x", count: 249) + " 2.txt"),
    ])
    func numbersAndCutsTheStem(_ name: String, _ n: Int, _ expected: String) {
        #expect(NumberedName.make(name, n) == expected)
    }

    /// Fuzz/Crashes/name-sanitizer/numbered-long-extension-over-255-bytes: the sanitized name is
    /// `x.` and 84 U+FFFD (254 bytes, nearly all extension); cutting only the stem gave 257 bytes,
    /// and the Inbox move failed with "File name too long".
    @Test func anExtensionTooLongForTheNumberIsCut() {
        let name = "x." + String(repeating: "\u{FFFD}", count: 84)
        let numbered = NumberedName.make(name, 110)
        #expect(numbered.utf8.count <= 255)
        #expect(numbered.hasPrefix("x 110.\u{FFFD}"))
        #expect(numbered == "x 110." + String(repeating: "\u{FFFD}", count: 83))
    }

    @Test func aSingleHugeCharacterIsCutByScalar() {
        let name = "e" + String(repeating: "\u{301}", count: 200)  // one Character, 401 bytes
        let numbered = NumberedName.make(name, 2)
        #expect(numbered.utf8.count <= 255)
        #expect(numbered.unicodeScalars.starts(with: "e\u{301}\u{301}".unicodeScalars))
        #expect(numbered.unicodeScalars.suffix(2).elementsEqual(" 2".unicodeScalars))
    }
}
