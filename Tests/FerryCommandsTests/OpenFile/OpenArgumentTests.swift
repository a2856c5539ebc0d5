@testable import FerryCommands
import Testing
import FerryTestSupport

@Suite(.offThePool) struct OpenArgumentTests {
    @Test(arguments: [
        ("/x/y.txt", OpenArgument.path("/x/y.txt")), ("./y.txt", .path("./y.txt")), ("y.txt", .path("y.txt")),
        ("no scheme here", .path("no scheme here")), ("a b:x", .path("a b:x")), ("1x:y", .path("1x:y")), ("", .url("")),
        ("todolist://x", .url("todolist://x")), ("mailto:a@b", .url("mailto:a@b")), ("x-y.z+w:1", .url("x-y.z+w:1")),
        ("notes:2024.txt", .url("notes:2024.txt")), ("-", .stdin),
        ("file:///tmp/a%20b.txt", .path("/tmp/a b.txt")), ("FILE://localhost/tmp/x", .path("/tmp/x")), ("file:/tmp/x", .path("/tmp/x")),
        ("file://otherhost/tmp/x", .url("file://otherhost/tmp/x")), ("file:///tmp/a b", .url("file:///tmp/a b")),
    ])
    func aPathHasNoScheme(_ text: String, _ expected: OpenArgument) {
        #expect(OpenArgument.classify(text) == expected)
    }

    @Test(arguments: [("/a/./b/../c", "/w", "/a/c"), ("c.txt", "/w/v", "/w/v/c.txt"), ("../c", "/w/v", "/w/c"),
                      ("//a//b/", "/w", "/a/b"), ("../../..", "/w", "/")])
    func relativePathsAreMadeAbsoluteByName(_ path: String, _ folder: String, _ expected: String) {
        #expect(LocalDocument.absolute(path, from: folder) == expected)
    }

    @Test func theFileURLIsPercentEncodedAndDecodesBack() {
        let path = "/tmp/a b#%?é;x=1'(n).txt"
        let encoded = LocalDocument.percentEncoded(path)
        #expect(encoded == "/tmp/a%20b%23%25%3F%C3%A9;x=1'(n).txt")
        #expect(OpenArgument.classify("file://" + encoded) == .path(path))
    }
}
