import FerryProtocol
@testable import FerryKit
import Testing

@Suite struct RestorationCoderTests {
    struct Selection: Codable, Equatable {
        var list: String
        var rows: [Int]
    }

    @Test func codableValuesComeBack() {
        let coder = RestorationCoder()
        coder.encode(Selection(list: "work", rows: [1, 3]), forKey: "selection")
        coder.encode("héllo", forKey: "text")
        coder.encode(3.5, forKey: "zoom")
        #expect(coder.decode(Selection.self, forKey: "selection") == Selection(list: "work", rows: [1, 3]))
        #expect(coder.decode(String.self, forKey: "text") == "héllo")
        #expect(coder.decode(Double.self, forKey: "zoom") == 3.5)
        #expect(coder.allKeys == ["selection", "text", "zoom"])
    }

    @Test func aMissingKeyOrAnotherTypeIsNil() {
        let coder = RestorationCoder()
        coder.encode("x", forKey: "text")
        #expect(coder.decode(Int.self, forKey: "text") == nil)
        #expect(coder.decode(String.self, forKey: "absent") == nil)
        #expect(!coder.containsValue(forKey: "absent"))
    }

    @Test func theArchiveRoundTripsEntriesAndValues() throws {
        let archive = RestorationArchive(entries: [
            .init(path: "", className: "", values: ["k": ArraySlice("1".utf8)]),
            .init(path: "Root/Detail", className: "NodeMaker", values: ["a": [0, 255], "b": []]),
        ])
        #expect(try RestorationArchive(bytes: archive.bytes()) == archive)
    }

    @Test func everyTruncationOfAnArchiveIsAnErrorNeverACrash() throws {
        let bytes = RestorationArchive(entries: [.init(path: "Root", className: "", values: ["k": ArraySlice("12".utf8)])]).bytes()
        for length in 0..<bytes.count {
            #expect(throws: RestorationError.self) { try RestorationArchive(bytes: Array(bytes[..<length])) }
        }
        #expect(throws: RestorationError.self) { try RestorationArchive(bytes: bytes + [0]) }
    }

    @Test(arguments: [[0xC3, 0x28], [0xFF], [0x61, 0x80], Array(repeating: 0x61, count: 100) + [0xE2, 0x82]])
    func aStringThatIsNotUTF8IsADamagedArchive(_ path: [UInt8]) {
        var bytes = RestorationArchive.magic + [0, 0, 0, 1, 0, 0, 0, UInt8(path.count)] + path
        bytes += [0, 0, 0, 0, 0, 0, 0, 0]
        #expect(throws: RestorationError.self) { try RestorationArchive(bytes: bytes) }
    }

    @Test func eachObjectHasItsOwnCoder() throws {
        let delegate = RestoringDelegate()
        delegate.roots = [Node("Root", selection: 1, [Node("Detail", selection: 2)])]
        let application = testApplication()
        let saved = try #require(try application.restoration.encodeState(of: application, delegate: delegate))
        let archive = try RestorationArchive(bytes: saved.archive)
        #expect(archive.entries.map(\.path) == ["", "Root", "Root/Detail"])
        #expect(archive.entries[1].values["selection"].map(Array.init) == Array("1".utf8))
        #expect(archive.entries[2].values["selection"].map(Array.init) == Array("2".utf8))
        #expect(saved.appVersion == "2")
        #expect(delegate.calls == ["shouldSave", "willEncode"])
    }

    @Test func aDelegateThatDoesNotSaveEncodesNothing() throws {
        let delegate = RestoringDelegate()
        delegate.saves = false
        delegate.roots = [Node("Root")]
        let application = testApplication()
        #expect(try application.restoration.encodeState(of: application, delegate: delegate) == nil)
        #expect(delegate.calls == ["shouldSave"])
    }
}

@Suite struct RestorationCoderFastPathTests {
    @Test(arguments: ["", "plain", "with \"quotes\" and \\ and \n", "ünïcødé ✓", String(repeating: "x", count: 5000)])
    func stringsComeBackExactly(_ text: String) {
        let coder = RestorationCoder()
        coder.encode(text, forKey: "k")
        #expect(coder.decode(String.self, forKey: "k") == text)
    }

    @Test(arguments: [0, 7, -7, Int.max, Int.min, 123_456_789_012_345_678])
    func integersComeBackExactly(_ number: Int) {
        let coder = RestorationCoder()
        coder.encode(number, forKey: "k")
        #expect(coder.decode(Int.self, forKey: "k") == number)
        #expect(coder.decode(String.self, forKey: "k") == nil)
    }

    @Test func aStringIsNotAnInteger() {
        let coder = RestorationCoder()
        coder.encode("12", forKey: "k")
        #expect(coder.decode(Int.self, forKey: "k") == nil)
        #expect(coder.decode(Double.self, forKey: "k") == nil)
    }
}
