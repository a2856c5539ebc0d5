@testable import FerryCommands
import Foundation
import Testing
import FerryTestSupport

/// The hand-written prototypes of the three GIO calls, checked against the real library: a wrong
/// one would give wrong answers (or crash) here.
@Suite(.offThePool, .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/mime/mime.cache") && SharedMimeInfo.isAvailable,
                "needs libgio and the shared-mime-info database"))
struct SharedMimeInfoTests {
    @Test(arguments: [("notes.txt", "milk\n", "text/plain"), ("script.py", "print(1)\n", "text/x-python"),
                      ("page.html", "<!DOCTYPE html><html></html>", "text/html"), ("noname", "%PDF-1.4\n", "application/pdf")])
    func theTypeComesFromTheNameAndTheContent(name: String, content: String, expected: String) {
        #expect(SharedMimeInfo.guess(fileName: name, head: Array(content.utf8)) == expected)
    }

    @Test func subtypesAreSubtypes() {
        #expect(SharedMimeInfo.isA("text/x-python", "text/plain"))
        #expect(SharedMimeInfo.isA("text/plain", "text/plain"))
        #expect(!SharedMimeInfo.isA("text/plain", "text/x-python"))
        #expect(!SharedMimeInfo.isA("image/png", "text/plain"))
    }
}
