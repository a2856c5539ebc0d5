import Testing
@testable import FerryTransfer

@Suite struct NameSanitizerTests {
    @Test(arguments: [
        ("../../.bashrc", ["bashrc"]),
        ("/etc/passwd", ["etc", "passwd"]),
        ("a\u{202E}txt.exe", ["atxt.exe"]),
        ("a\u{2066}b\u{2069}.txt", ["ab.txt"]),
        ("nul\0byte", ["nulbyte"]),
        ("tab\there\n.txt", ["tabhere.txt"]),
        ("..", ["file"]),
        ("", ["file"]),
        ("./a/./b/../c.txt", ["a", "b", "c.txt"]),
        ("back\\slash.txt", ["back", "slash.txt"]),
        ("  spaced  ", ["spaced"]),
        ("Cafe\u{301}.txt", ["Café.txt"]),
        ("plain/photo_2024-01.jpg", ["plain", "photo_2024-01.jpg"]),
        (String(repeating: "x", count: 300) + ".txt", [String(repeating: "x", count: 251) + ".txt"]),
    ])
    func reducesToSafeComponents(raw: String, expected: [String]) {
        #expect(NameSanitizer.components(of: raw) == expected)
    }

    @Test func keepsTheExtensionWhenCuttingTo255Bytes() {
        let name = NameSanitizer.name(String(repeating: "é", count: 200) + ".jpeg")
        #expect(name.utf8.count <= 255)
        #expect(name.hasSuffix(".jpeg"))
        #expect(name.hasPrefix("é"))
    }

    @Test func numbersCollisionsBeforeTheExtension() {
        #expect(NameSanitizer.numbered("report.pdf", 2) == "report 2.pdf")
        #expect(NameSanitizer.numbered("README", 3) == "README 3")
        let long = String(repeating: "x", count: 251) + ".txt"
        #expect(NameSanitizer.numbered(long, 12).utf8.count <= 255)
        #expect(NameSanitizer.numbered(long, 12).hasSuffix(" 12.txt"))
    }

    @Test func neverYieldsDotOrDotDot() {
        for raw in [".", "..", "...", ". .", "/../..", "\u{202E}.."] {
            #expect(NameSanitizer.components(of: raw).allSatisfy { $0 != "." && $0 != ".." && !$0.isEmpty })
        }
    }
}
