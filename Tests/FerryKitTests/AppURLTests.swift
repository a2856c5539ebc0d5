import FerryKit
import Testing

@Suite struct AppURLTests {
    @Test func splitsTheSeedsExample() {
        let url = AppURL("todolist://www.acme.com?Quarterly%20Report#200806231300")
        #expect(url.scheme == "todolist")
        #expect(url.host == "www.acme.com")
        #expect(url.path == "")
        #expect(url.query == "Quarterly%20Report")
        #expect(url.fragment == "200806231300")
        #expect(url.string == "todolist://www.acme.com?Quarterly%20Report#200806231300")
        #expect(url.description == url.string)
    }

    @Test func splitsAURLTheStrictParserRejects() {
        let url = AppURL("Notes-Py://me@host/a b?text=x y#z")
        #expect(url.scheme == "notes-py")
        #expect(url.host == "host")
        #expect(url.path == "/a b")
        #expect(url.query == "text=x y")
        #expect(url.fragment == "z")
    }

    @Test func aStringWithoutASchemeKeepsEverythingInThePath() {
        let url = AppURL("just text")
        #expect(url.scheme == "")
        #expect(url.host == nil)
        #expect(url.path == "just text")
    }

    @Test(arguments: [
        ("Quarterly%20Report", "Quarterly Report"),
        ("a+b", "a+b"),
        ("%C3%A9t%C3%A9", "été"),
        ("100%", "100%"),
        ("%zz%4", "%zz%4"),
        ("%2f%2F", "//"),
        ("%FF", "\u{FFFD}"),
    ])
    func percentDecodes(_ text: String, _ decoded: String) {
        #expect(AppURL.percentDecoded(text) == decoded)
    }
}
