import Testing
@testable import FerryCore

@Suite struct DesktopExecTests {
    @Test(arguments: [
        ("todo %u", ["todo", "%u"]),
        ("todo %U", ["todo", "%u"]),
        ("todo --file=%f", ["todo", "--file=%u"]),
        ("todo %F --new", ["todo", "%u", "--new"]),
        ("todo", ["todo"]),
        ("\"/opt/my app/todo\" %u", ["/opt/my app/todo", "%u"]),
        ("sh -c \"echo \\\"\\$HOME\\\" \\\\ x\" %u", ["sh", "-c", "echo \"$HOME\" \\ x", "%u"]),
        ("todo %i %c %k %u", ["todo", "--icon", "todo-icon", "To%%do", "/apps/todo.desktop", "%u"]),
        ("todo %d %D %n %N %v %m %u", ["todo", "%u"]),
        ("todo 100%% %u", ["todo", "100%%", "%u"]),
        ("todo  --a   %u ", ["todo", "--a", "%u"]),
        ("todo ';|&' %u", ["todo", "';|&'", "%u"]),
    ])
    func fieldCodesAndQuoting(_ exec: String, _ expected: [String]) throws {
        let parsed = try DesktopExec(exec, name: "To%do", icon: "todo-icon", entryPath: "/apps/todo.desktop")
        #expect(parsed.template == expected)
    }

    @Test func iconCodeWithoutAnIconLeavesNoArgument() throws {
        #expect(try DesktopExec("todo %i %u", name: nil, icon: nil, entryPath: "/x").template == ["todo", "%u"])
    }

    @Test(arguments: ["", "   ", "\"todo %u", "%u todo", "%i"])
    func unusableLinesAreRefused(_ exec: String) {
        #expect(throws: DesktopExec.Refusal.self) { try DesktopExec(exec, name: nil, icon: nil, entryPath: "/x") }
    }

    /// Fuzz/Crashes/desktop-entry/exec-quote-before-combining-mark: a quote, a space or a `%`
    /// followed by a combining mark is one Character equal to none of them, but still a quote, a
    /// space or a field code to the specification and to every launcher.
    @Test(arguments: [
        ("\"\u{301}b\"", ["\u{301}b"]),
        ("a\n\u{301}b", ["a", "\u{301}b"]),
        ("todo \u{301}x", ["todo", "\u{301}x"]),
        ("todo \"x y\u{301}\"\u{301} %u", ["todo", "x y\u{301}\u{301}", "%u"]),
        ("todo %u\u{301}", ["todo", "%u\u{301}"]),
    ])
    func quotesSpacesAndCodesBeforeCombiningMarks(_ exec: String, _ expected: [String]) throws {
        let parsed = try DesktopExec(exec, name: nil, icon: nil, entryPath: "/x")
        #expect(parsed.template.map { Array($0.unicodeScalars) } == expected.map { Array($0.unicodeScalars) })
    }

    /// The fuzzer's kept input, and its words quoted as the fuzz target quotes them, split back the same.
    @Test func theKeptInputSplitsAndRoundTrips() throws {
        let words = try DesktopExec.split("a\n\u{301}b")
        #expect(words.map { Array($0.unicodeScalars) } == [["a"], ["\u{301}", "b"]])
        let quoted = words.map { "\"" + $0 + "\"" }.joined(separator: " ")
        #expect(try DesktopExec.split(quoted).map { Array($0.unicodeScalars) } == words.map { Array($0.unicodeScalars) })
    }

    /// The template goes through the same substitution as ProgramArguments: the URL is one argument.
    @Test func theURLStaysOneArgument() throws {
        let template = try DesktopExec("todo --open=%u 100%%", name: nil, icon: nil, entryPath: "/x").template
        let url = "todolist://x/a%20b?q=$(rm -rf ~)"
        #expect(template.map { $0.replacingPlaceholder(with: url) } == ["todo", "--open=" + url, "100%"])
    }
}

@Suite struct DesktopEntryTests {
    @Test func readsAnApplicationEntry() throws {
        let text = """
            # a comment
            [Desktop Entry]
            Type=Application
            Name=To Do
            Name[de]=Aufgaben
            Exec=todo\\s--x %u
            MimeType=text/plain;x-scheme-handler/TodoList;x-scheme-handler/to\\;do;x-scheme-handler/todo-list;
            TryExec=todo

            [Desktop Action new]
            Exec=other
            """
        let entry = try DesktopEntry(parsing: text, id: "com.acme.todo.desktop", path: "/a/com.acme.todo.desktop")
        #expect(entry.name == "To Do")
        #expect(entry.schemes == ["todolist", "todo-list"])
        // The string escapes come first, then Exec's own quoting: \s is a plain separating space.
        #expect(entry.exec.template == ["todo", "--x", "%u"])
        #expect(entry.tryExec == "todo")
        #expect(!entry.hidden && !entry.isFerryBridge)
    }

    @Test(arguments: [
        ("[Desktop Entry]\nType=Link\nURL=x\n", "Type is \"Link\", not Application"),
        ("[Desktop Entry]\nType=Application\nDBusActivatable=true\n", "is DBusActivatable but its file name, x, is not a D-Bus name, and it has no Exec key"),
        ("[Desktop Entry]\nType=Application\n", "has no Exec key"),
        ("Type=Application\n", "has no [Desktop Entry] group"),
        ("[Desktop Entry]\nType=Application\nExec=\"x\n", "Exec has an unterminated double quote"),
    ])
    func refusesWhatCannotStart(_ text: String, _ reason: String) {
        #expect(throws: DesktopEntryError(path: "/a/x.desktop", reason: reason)) {
            try DesktopEntry(parsing: text, id: "x.desktop", path: "/a/x.desktop")
        }
    }

    @Test func idsReplaceSlashes() {
        #expect(DesktopEntry.id(relativePath: "kde/konsole.desktop") == "kde-konsole.desktop")
    }
}
