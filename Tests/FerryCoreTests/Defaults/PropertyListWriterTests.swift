import FerryCore
import Foundation
import Testing
import FerryTestSupport

/// The XML writer and old-style printer of the defaults (FerryProtocol/Defaults).
@Suite struct PropertyListWriterTests {
    static let sample: PropertyListValue = .dictionary([
        "name": .string("a <b> & c"), "count": .integer(-42), "ratio": .real(1.5), "on": .boolean(true), "off": .boolean(false),
        "blob": .data(Data([0, 1, 254, 255])), "when": .date(Date(timeIntervalSince1970: 1_700_000_000)),
        "list": .array([.string("x"), .integer(1), .array([])]), "nested": .dictionary(["k": .dictionary([:])]),
    ])

    @Test func everyTypeSurvivesAWriteAndARead() throws {
        #expect(try PropertyListValue(propertyList: Self.sample.xmlDocument()) == Self.sample)
    }

    @Test func foundationReadsWhatItWrites() throws {
        let read = try PropertyListSerialization.propertyList(from: Data(Self.sample.xmlDocument()), format: nil) as? [String: Any]
        #expect(read?["name"] as? String == "a <b> & c")
        #expect(read?["count"] as? Int == -42)
        #expect(read?["blob"] as? Data == Data([0, 1, 254, 255]))
    }

    @Test func binaryPropertyListsAreRead() throws {
        let binary = try PropertyListSerialization.data(fromPropertyList: ["n": 3, "s": "x"], format: .binary, options: 0)
        #expect(try PropertyListValue(propertyList: Array(binary)) == .dictionary(["n": .integer(3), "s": .string("x")]))
    }

    @Test func theDocumentIsApplesLayout() {
        let text = String(decoding: PropertyListValue.dictionary(["b": .array([.integer(1)]), "a": .boolean(true)]).xmlDocument(), as: UTF8.self)
        #expect(text == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>a</key>
            \t<true/>
            \t<key>b</key>
            \t<array>
            \t\t<integer>1</integer>
            \t</array>
            </dict>
            </plist>

            """)
    }

    @Test func oldStyleTextIsWhatDefaultsReadPrints() {
        let value: PropertyListValue = .dictionary([
            "Name": .string("Bob"), "com.apple.content-rating.AppRating": .integer(200), "flag": .boolean(true),
            "langs": .array([.string("en-US"), .string("fr")]), "inner": .dictionary(["a": .real(0.5), "say": .string("he said \"hi\"")]),
            "blob": .data(Data([0xAB, 0x01])), "empty": .string(""),
        ])
        #expect(value.oldStyleText() == """
            {
                Name = Bob;
                blob = <ab01>;
                "com.apple.content-rating.AppRating" = 200;
                empty = "";
                flag = 1;
                inner =     {
                    a = 0.5;
                    say = "he said \\"hi\\"";
                };
                langs =     (
                    "en-US",
                    fr
                );
            }
            """)
    }

    @Test(arguments: [
        (PropertyListValue.string("two words"), "two words"), (.integer(7), "7"), (.boolean(false), "0"),
        (.array([.string("a b")]), "(\n    \"a b\"\n)"),
    ])
    func readingOneKeyPrintsAStringBare(_ value: PropertyListValue, _ printed: String) {
        #expect(value.defaultsReadText == printed)
    }
}
