import Foundation
import Testing
import FerryTestSupport

/// The Python example reads a user default written by `ferry defaults` and prints the
/// identifierForVendor of its welcome, with the real ferryd.
@Suite(.offThePool) struct NotesPyDefaultsEndToEndTests {
    @Test func theNotePrefixComesFromDefaultsAndTheVendorFromTheWelcome() throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_LOCALSEND_PORT"] = "off"
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../examples/notes-py.app").standardized.path
        try FileManager.default.copyItem(atPath: example, toPath: world.apps + "/notes-py.app")
        let app = "org.ferry.examples.notes-py"
        #expect(try world.run("defaults", "write", app, "NotePrefix", "[x] ").status == 0)
        let opened = try world.run("open", "--wait", "notes-py://add?text=milk")
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(try String(contentsOfFile: world.documents(app) + "/notes.txt", encoding: .utf8) == "[x] milk\n")
        #expect(try world.run("quit", app).status == 0)
        let log = try String(contentsOfFile: world.root + "/state/ferry/logs/\(app).log", encoding: .utf8)
        let printed = log.split(separator: "\n").first { $0.hasPrefix("identifierForVendor ") }.map { String($0.dropFirst(20)) }
        #expect(printed.flatMap(UUID.init(uuidString:)) != nil, "\(log)")
        let store = try String(contentsOfFile: world.root + "/data/ferry/vendors.plist", encoding: .utf8)
        #expect(store.contains("<key>org.ferry.examples</key>") && store.contains(printed ?? "-"))
    }
}
