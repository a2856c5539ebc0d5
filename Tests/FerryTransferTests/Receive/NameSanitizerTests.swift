import Foundation
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

    /// A slash or backslash before a combining mark still separates components (it is read by
    /// scalar); the mark then starts the next component.
    @Test func slashesBeforeCombiningMarksSeparate() {
        let components = NameSanitizer.components(of: "dir/\u{301}file\\\u{301}x")
        #expect(components.map { Array($0.unicodeScalars) } == [Array("dir".unicodeScalars),
                                                                Array("\u{301}file".unicodeScalars),
                                                                Array("\u{301}x".unicodeScalars)])
    }

    @Test func neverYieldsDotOrDotDot() {
        for raw in [".", "..", "...", ". .", "/../..", "\u{202E}.."] {
            #expect(NameSanitizer.components(of: raw).allSatisfy { $0 != "." && $0 != ".." && !$0.isEmpty })
        }
    }
}

/// Names a hostile sender may choose: whatever comes in, what comes out is one safe, visible name.
@Suite struct NameSanitizerHostileTests {
    static let marks = String(repeating: "\u{0301}", count: 300)
    static let hostile: [String] = [
        "", ".", "..", "...", ". .", " ..", "../..", "/", "//", "\\", "a/b", "a\\b", "a\u{0}b", "\u{0}", "\u{0}.txt",
        "\u{202E}gpj.exe", "\u{2066}x\u{2069}", "\u{200F}.bashrc", "\u{061C}\u{200E}", ".hidden", " .hidden", "\u{FEFF}.txt",
        "\u{0085}", "\n", "\r\n.profile", "a" + marks + ".txt", "a" + marks, "." + marks, ".\u{0301}bashrc", "..\u{0338}",
        "\u{0301}.txt", String(repeating: ".", count: 300), String(repeating: "x", count: 300),
        "." + String(repeating: "x", count: 300), String(repeating: "é", count: 200) + ".txt",
        String(repeating: "🏳️‍🌈", count: 100), String(repeating: "\u{0301}", count: 400), "\u{3000}.txt", "a\u{2028}b",
        "e\u{301}" + String(repeating: "\u{202E}", count: 300) + ".txt", String(repeating: "ab/", count: 100),
    ]

    @Test(arguments: hostile)
    func aSanitizedNameIsAlwaysSafe(raw: String) {
        let bidi: Set<UInt32> = [0x200E, 0x200F, 0x061C, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
        for name in NameSanitizer.components(of: raw) + [NameSanitizer.name(raw)] {
            #expect(!name.isEmpty && name != "." && name != "..", "\(raw.debugDescription) → \(name.debugDescription)")
            #expect(name.utf8.first != UInt8(ascii: "."), "hidden: \(raw.debugDescription) → \(name.debugDescription)")
            #expect(!name.utf8.contains(UInt8(ascii: "/")) && !name.utf8.contains(0), "\(raw.debugDescription)")
            #expect(!name.unicodeScalars.contains { bidi.contains($0.value) }, "\(raw.debugDescription)")
            #expect(name.utf8.count <= NameSanitizer.maximumBytes)
        }
    }

    @Test func oneLetterUnderThreeHundredMarksKeepsTheLetterAndTheExtension() {
        let name = NameSanitizer.name("a" + Self.marks + ".txt")
        #expect(name.unicodeScalars.first == "\u{00E1}" && name.hasSuffix(".txt") && name.utf8.count <= 255, "\(name.debugDescription)")
    }

    /// Fuzz/Crashes/name-sanitizer/sanitizing-twice-changes-name: the cut to 255 bytes can end at a
    /// space, which was trimmed only before the cut; sanitizing the result again then changed it.
    @Test(arguments: [
        Array((String(repeating: "é", count: 127) + " zz").utf8),
        Array((String(repeating: "é", count: 126) + "\u{3000}zz").utf8),
        keptInput("sanitizing-twice-changes-name"),
        keptInput("numbered-long-extension-over-255-bytes"),
    ])
    func sanitizingIsIdempotent(_ bytes: [UInt8]) {
        #expect(!bytes.isEmpty)
        let name = NameSanitizer.name(String(decoding: bytes, as: UTF8.self))
        #expect(name.utf8.count <= 255)
        #expect(name.unicodeScalars.last.map { !$0.properties.isWhitespace } == true)
        #expect(NameSanitizer.name(name) == name)
    }

    /// Fuzz/Crashes/name-sanitizer/numbered-long-extension-over-255-bytes: `x.` and 252 bytes of
    /// U+FFFD, whose numbered names went over 255 bytes.
    @Test func numberedNamesOfTheKeptInputFit() {
        let name = NameSanitizer.name(String(decoding: Self.keptInput("numbered-long-extension-over-255-bytes"), as: UTF8.self))
        for n in [2, 110, 999_999] { #expect(NameSanitizer.numbered(name, n).utf8.count <= 255) }
    }

    static func keptInput(_ name: String) -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try? Data(contentsOf: root.appendingPathComponent("Fuzz/Crashes/name-sanitizer/\(name)"))
        return data.map { Array($0) } ?? []
    }
}
