import Testing
@testable import FerryCore

@Suite struct DesktopPrefilterTests {
    static let pattern = [Array("x-scheme-handler/todolist".utf8)]

    @Test(arguments: [
        ("[Desktop Entry]\nMimeType=text/plain;x-scheme-handler/todolist;\n", true),
        ("[Desktop Entry]\nMimeType=X-Scheme-Handler/TodoList\n", true),
        ("[Desktop Entry]\nName=x\nMimeType=text/plain\n[Desktop Action a]\nMimeType=x-scheme-handler/todolist", true),
        ("[Desktop Entry]\nComment=x-scheme-handler/todolist\nMimeType=text/plain;\n", false),
        ("[Desktop Entry]\nMimeType=x-scheme-handler/todo;\n", false),
        ("[Desktop Entry]\nExec=todo\n", false),
        ("", false),
    ])
    func findsTheSchemeOnlyInMimeTypeLines(_ text: String, _ expected: Bool) {
        #expect(DesktopPrefilter.mimeTypeMentions(Array(text.utf8), anyOf: Self.pattern) == expected)
    }
}
