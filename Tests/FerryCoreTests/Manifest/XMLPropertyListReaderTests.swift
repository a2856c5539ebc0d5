import Foundation
import Testing
@testable import FerryCore
import FerryTestSupport

/// The reader must agree with `PropertyListDecoder` on every plist it reads, and leave every other
/// one to it (nil).
@Suite(.offThePool) struct XMLPropertyListReaderTests {
    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>

        """
    }

    static func decoded(_ bytes: [UInt8]) -> PropertyListValue? {
        try? PropertyListDecoder().decode(PropertyListValue.self, from: Data(bytes))
    }

    @Test(arguments: [
        "<dict><key>a</key><string>x</string><key>b</key><integer>0</integer><key>c</key><integer>1</integer></dict>",
        "<dict>\n\t<key>n</key>\n\t<integer>-42</integer>\n\t<key>t</key><true/><key>f</key><false/>\n</dict>",
        "<array><string>5</string><string>true</string><string> spaced \n</string><string/><string></string></array>",
        "<dict><key>e</key><string>a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;</string></dict>",
        "<dict><key>été ✓</key><array><array/><dict/><integer>007</integer></array></dict>",
        "<string>only</string>", "<integer>9223372036854775807</integer>",
    ])
    func agreesWithTheDecoder(_ body: String) throws {
        let bytes = Array(Self.plist(body).utf8)
        let read = try #require(XMLPropertyListReader.read(bytes))
        #expect(read == Self.decoded(bytes))
    }

    @Test(arguments: [
        "<real>1.5</real>", "<date>2020-01-01T00:00:00Z</date>", "<data>AAAA</data>",
        "<dict><!-- c --></dict>", "<string><![CDATA[x]]></string>", "<string>&#38;</string>",
        "<string>a\r\nb</string>", "<dict><key>a</key><true/><key>a</key><false/></dict>",
        "<integer>+5</integer>", "<integer> 5</integer>", "<integer>0x10</integer>",
        "<integer>99999999999999999999</integer>", "<dict ></dict>", "<string>&unknown;</string>",
        "<dict><key>a</key></dict>",
    ])
    func leavesTheRestToTheDecoder(_ body: String) {
        #expect(XMLPropertyListReader.read(Array(Self.plist(body).utf8)) == nil)
    }

    @Test func leavesInvalidUTF8AndBinaryPlistsToTheDecoder() {
        #expect(XMLPropertyListReader.read(Array(Self.plist("<string>x</string>").utf8).dropLast(0) + [0xFF]) == nil)
        #expect(XMLPropertyListReader.read(Array(Self.plist("<string>\u{FF}</string>").utf8).map { $0 == 0xC3 ? 0xFF : $0 }) == nil)
        #expect(XMLPropertyListReader.read(Array("bplist00".utf8)) == nil)
    }

    /// Every manifest of the fixture corpus and the built-in schemes: read alike, or not read.
    @Test func agreesOnEveryManifestInTheRepository() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var read = 0
        for folder in ["Tests/FerryCoreTests/Fixtures", "schemes", "examples"] {
            let root = repository.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".plist") {
                let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(file)))
                guard let value = XMLPropertyListReader.read(bytes) else { continue }
                read += 1
                #expect(value == Self.decoded(bytes), "\(folder)/\(file)")
            }
        }
        #expect(read >= 20)
    }
}
