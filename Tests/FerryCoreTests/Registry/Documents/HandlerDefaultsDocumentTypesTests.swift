@testable import FerryCore
import Foundation
import Testing

@Suite struct HandlerDefaultsDocumentTypesTests {
    @Test(arguments: [("text/plain", true), ("application/vnd.oasis.opendocument.text", true), ("image/svg+xml", true),
                      ("todolist", false), ("text/", false), ("/plain", false), ("a/b/c", false), ("text/pla in", false), ("text/*", false)])
    func aMIMETypeHasOneSlash(text: String, isMIME: Bool) {
        #expect(HandlerDefaults.isMIMEType(text) == isMIME)
    }

    @Test func theExactTypeThenTheMostSpecificSupertype() {
        let defaults = HandlerDefaults(choices: ["text/plain": "com.plain", "text/x-python": "com.python", "todolist": "com.todo"])
        #expect(defaults.documentHandler(for: "text/x-python", isA: testIsA)! == ("text/x-python", "com.python"))
        #expect(defaults.documentHandler(for: "text/x-python3", isA: testIsA)! == ("text/x-python", "com.python"))
        #expect(defaults.documentHandler(for: "text/markdown", isA: testIsA)! == ("text/plain", "com.plain"))
        #expect(defaults.documentHandler(for: "image/png", isA: testIsA) == nil)
    }

    @Test func schemeKeysAreNeverDocumentTypes() {
        let defaults = HandlerDefaults(choices: ["todolist": "com.todo"])
        #expect(defaults.documentHandler(for: "todolist", isA: { _, _ in true }) == nil)
        #expect(defaults.documentHandler(for: "text/plain", isA: { _, _ in true }) == nil)
    }

    /// The file stays one JSON object of strings: a reader of scheme choices reads it as before.
    @Test func documentChoicesAreKeysBesideTheSchemes() throws {
        let folder = NSTemporaryDirectory() + "ferry-defaults-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var defaults = HandlerDefaults(choices: ["todolist": "com.todo"])
        defaults.set("com.plain", for: "Text/Plain")
        try defaults.save(to: folder + "/defaults.json")
        let object = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/defaults.json")))
        #expect(object == ["todolist": "com.todo", "text/plain": "com.plain"])
        let loaded = try HandlerDefaults.load(from: folder + "/defaults.json")
        #expect(loaded.handler(for: "todolist") == "com.todo")
        #expect(loaded.documentHandler(for: "text/plain", isA: testIsA)?.app == "com.plain")
    }
}
