import Foundation
import Testing
@testable import FerryCommands

/// `ferry send --json`'s lines, written by hand, say what Codable with sorted keys said.
@Suite struct SendProgressJSONTests {
    typealias Event = SendProgress.Event

    static let events: [Event] = [
        Event(event: "started", id: "a1b2"),
        Event(event: "file-done", file: "photos/2024/a b.jpg"),
        Event(event: "progress", file: "big.bin", bytes: 10, total: 20, fileBytes: 5, fileTotal: 6),
        Event(event: "delivered", message: "Ferry B already had these files", items: [row("a.txt")], files: [row("a.txt")], peer: "Ferry B"),
        Event(event: "failed", message: "quote \" backslash \\ tab \t newline \n escape \u{1B} é"),
    ]

    static func row(_ name: String) -> SendProgress.Delivered {
        SendProgress.Delivered(status: "delivered", bundleIdentifier: "org.x", app: "org.x", name: name)
    }

    @Test(arguments: events)
    func aLineIsTheCodableLineByteForByte(_ event: Event) {
        #expect(event.line == JSONOutput.line(event))
    }

    @Test func aNameWithEveryControlCharacterReadsBackTheSame() throws {
        let name = String(decoding: (1..<0x20).map { UInt8($0) } + Array("/ü\"\\".utf8), as: UTF8.self)
        let event = Event(event: "delivered", items: [Self.row(name)], files: [Self.row(name)])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(event.line.utf8)) as? [String: Any])
        let files = try #require(object["files"] as? [[String: String]])
        #expect(files.first?["name"] == name)
        #expect(object["event"] as? String == "delivered")
        #expect(!event.line.contains("\n"))
    }
}
