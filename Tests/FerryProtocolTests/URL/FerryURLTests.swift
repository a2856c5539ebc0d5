import Testing
@testable import FerryProtocol

@Suite struct FerryURLTests {
    @Test func parsesTheSeedsExample() throws {
        let url = try FerryURL("todolist://www.acme.com?Quarterly%20Report#200806231300")
        #expect(url.scheme == "todolist")
        #expect(url.authority == "www.acme.com")
        #expect(url.host == "www.acme.com")
        #expect(url.path == "")
        #expect(url.query == "Quarterly%20Report")
        #expect(url.fragment == "200806231300")
        #expect(url.string == "todolist://www.acme.com?Quarterly%20Report#200806231300")
    }

    @Test(arguments: [
        "man:ls(1)", "mailto:a@b.example", "TodoList://X", "x:", "a+b-c.d:rest",
        "http://[::1]:8080/p", "http://user:pw@host:1/a/b?c=d&e=f;g#frag/?",
        "todolist://x/$(id);ls'&*+,=", "urn:isbn:0451450523", "s://h/%C3%A9%2F",
        "http://[v1.fe80::a+en1]/",
    ])
    func acceptsValidURLs(_ text: String) throws {
        let url = try FerryURL(text)
        #expect(url.string == text)
        #expect(url.scheme == url.scheme.lowercased())
    }

    @Test(arguments: [
        ("", "the URL is empty"),
        ("todolist", "it has no scheme"),
        ("1abc:x", "\"1abc\" is not a valid scheme"),
        ("to do:x", "\"to do\" is not a valid scheme"),
        ("todolist://a b", "a space at position 13 is not allowed in the host"),
        ("todolist://x/a b", "a space at position 15 is not allowed in the path"),
        ("todolist://x?\"q\"", "\"\"\" at position 14 is not allowed in the query"),
        ("todolist://x#a#b", "\"#\" at position 15 is not allowed in the fragment"),
        ("todolist://x/%zz", "\"%\" at position 14 does not start a %XX escape"),
        ("todolist://x/%4", "\"%\" at position 14 does not start a %XX escape"),
        ("todolist://x/é", "a non-ASCII character at position 14 is not allowed in the path"),
        ("todolist://x/\u{1}", "a control character at position 14"),
        ("http://h:80a/", "the port has \"a\" at position 12, only digits are allowed"),
        ("http://[::1/", "has no closing \"]\""),
        ("http://[::1]x/", "unexpected \"x\" after the host's \"]\""),
        ("todolist://x/`id`", "\"`\" at position 14 is not allowed in the path"),
    ])
    func rejectsInvalidURLs(_ text: String, _ reason: String) {
        #expect {
            try FerryURL(text)
        } throws: { error in
            guard let error = error as? URLSyntaxError else { return false }
            return error.reason.contains(reason) && error.description.hasPrefix("invalid URL")
        }
    }

    @Test func suggestsThePercentEncodedURL() throws {
        let error = try #require(throws: URLSyntaxError.self) { try FerryURL("todolist://x/a b?é#50%") }
        #expect(error.suggestion == "todolist://x/a%20b?%C3%A9#50%25")
        let repaired = try FerryURL(try #require(error.suggestion))
        #expect(repaired.path == "/a%20b")
    }

    @Test func acceptsAnEightKiBURLAndRejectsOneOverTheLimit() throws {
        let long = "todolist://x/" + String(repeating: "a", count: 8192)
        #expect(try FerryURL(long).path.count == 8193)
        let tooLong = "todolist://x/" + String(repeating: "a", count: FerryURL.maximumLength)
        #expect(throws: URLSyntaxError.self) { try FerryURL(tooLong) }
    }
}
