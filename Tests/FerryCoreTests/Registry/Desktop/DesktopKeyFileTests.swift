import Testing
@testable import FerryCore

/// Separators are found among Unicode scalars, as GLib finds them among bytes: a combining mark
/// after `=`, `;` or `\` forms one Character with it and used to hide it.
@Suite struct DesktopKeyFileTests {
    @Test func anEqualsSignBeforeACombiningMarkSeparatesKeyAndValue() {
        let file = DesktopKeyFile(parsing: "[Desktop Entry]\nName=\u{301}Café\nExec=app %u\n")
        #expect(file.groups["Desktop Entry"]?.map(\.key) == ["Name", "Exec"])
        #expect(file.groups["Desktop Entry"]?.first?.value == "\u{301}Café")
    }

    @Test func listsSplitAtSemicolonsBeforeCombiningMarks() {
        #expect(DesktopKeyFile.splitList("a;\u{301}b;c\\;\u{301}d;") == ["a", "\u{301}b", "c;\u{301}d"])
    }

    @Test func mimeappsLinesSplitTheSameWay() {
        let text = "[Default Applications]\nx-scheme-handler/todo=\u{301}a.desktop;b.desktop;\n"
        let file = DesktopKeyFile(parsing: text)
        #expect(file.groups["Default Applications"]?.first?.key == "x-scheme-handler/todo")
    }
}
