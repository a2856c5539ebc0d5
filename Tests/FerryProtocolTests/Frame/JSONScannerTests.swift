import Foundation
import Testing
@testable import FerryProtocol

/// The scanner against RFC 8259 and against Foundation, whose decoders the hand-written ones claim
/// to match: the same texts accepted, with the same values.
@Suite struct JSONScannerTests {
    static func scan(_ text: String) -> JSONValue? {
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            return try? scanner.parseDocument()
        }
    }

    static func foundation(_ text: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .integer(let number)?: Double(number)
        case .unsigned(let number)?: Double(number)
        case .double(let number)?: number
        default: nil
        }
    }

    static let validNumbers = [
        "0", "-0", "7", "-7", "10", "1.5", "-1.5", "0.5", "-0.0", "1e5", "1E5", "1e+5", "1e-5", "1.25e3", "0e0", "-0E-0",
        "9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616", "-9223372036854775809",
        "123456789012345678901234567890", "1e308", "4.9e-324",
    ]

    static let invalidNumbers = [
        "+5", "+0", ".5e1", ".5", "01", "-01", "00", "5.", "5.e3", "-.5", "1e", "1e+", "1E-", "-", "--1", "0x10", "1_000",
        "NaN", "Infinity", "-Infinity", "1.5.5", "1e5e5", "1 2", "١", "0.", "-", "e5", "1.0e", "1e400", "-1e400",
    ]

    @Test(arguments: validNumbers)
    func validNumbersReadAsFoundationReadsThem(_ text: String) throws {
        let ours = try #require(Self.number(Self.scan("[\(text)]").flatMap { if case .array(let list) = $0 { list.first } else { nil } }))
        let theirs = try #require((Self.foundation("[\(text)]") as? [NSNumber])?.first).doubleValue
        #expect(ours == theirs)
    }

    @Test(arguments: invalidNumbers)
    func invalidNumbersAreRefusedAsFoundationRefusesThem(_ text: String) {
        #expect(Self.scan("[\(text)]") == nil)
        #expect(Self.foundation("[\(text)]") == nil)
    }

    static let validStrings = [
        #""""#, #""a""#, #""\u00e9""#, #""\u00E9""#, #""\ud83d\ude80""#, #""\/\\\"""#, #""\b\f\n\r\t""#, "\"é 日本 🚀\"",
        #""\u0000""#, #""\uFFFF""#, #""\u202e""#,
    ]

    static let invalidStrings = [
        #""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, #""\x""#, #""\u12""#, #""\u12G4""#, #""\U0041""#, "\"\u{1}\"",
        "\"a\tb\"", "\"a\nb\"", #""abc"#, "'a'", #""\"#,
    ]

    @Test(arguments: validStrings)
    func validStringsReadAsFoundationReadsThem(_ text: String) throws {
        let ours = try #require(Self.scan("[\(text)]"))
        let theirs = try #require((Self.foundation("[\(text)]") as? [String])?.first)
        #expect(ours == .array([.string(theirs)]))
    }

    @Test(arguments: invalidStrings)
    func invalidStringsAreRefusedAsFoundationRefusesThem(_ text: String) {
        #expect(Self.scan("[\(text)]") == nil)
        #expect(Self.foundation("[\(text)]") == nil)
    }

    @Test(arguments: [#"{"a":1,"a":2}"#, #"{"a":{"b":1,"b":1}}"#, #"[{"x":null,"x":null}]"#, #"{"a":1,"\u0061":2}"#])
    func aKeyTwiceInOneObjectIsRefused(_ text: String) {
        #expect(Self.scan(text) == nil)
        #expect(throws: JSONFieldError.self) { try JSONFields(parsing: Array(text.utf8)) }
    }

    @Test func theSameKeyInSiblingObjectsIsFine() {
        #expect(Self.scan(#"{"a":{"k":1},"b":{"k":2},"c":[{"k":3},{"k":4}]}"#) != nil)
    }

    @Test func membersAndDepthAreBounded() {
        let members = (0...JSONScanner.maximumMembers).map { "\"k\($0)\":0" }
        #expect(Self.scan("{" + members.dropLast().joined(separator: ",") + "}") != nil)
        #expect(Self.scan("{" + members.joined(separator: ",") + "}") == nil)
        let depth = JSONScanner.maximumDepth
        #expect(Self.scan(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)) != nil)
        #expect(Self.scan(String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)) == nil)
    }

    /// Skipping a value checks it exactly as parsing it does.
    @Test(arguments: validNumbers + invalidNumbers + validStrings + invalidStrings
          + [#"{"a":1,"a":2}"#, #"{"a":[1,2,{"b":null}],"c":true}"#, "[1,]", "[,1]", "{\"a\":1,}", "[tru]", "[nul]", "{\"a\" 1}"])
    func skippingAgreesWithParsing(_ text: String) {
        let skipped = Array(text.utf8).withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            return (try? scanner.skipValue()).flatMap { try? scanner.expectEnd() } != nil
        }
        #expect(skipped == (Self.scan(text) != nil))
    }

    /// A checked input is skipped without checking again, to the same end.
    @Test(arguments: validStrings + validNumbers + [#"{"a\"":"\\","b":[1,{"c":"\"]"}],"d":-1.5e3} "#, #"[[],{},"",0]"#])
    func skippingCheckedInputEndsWhereChecking(_ text: String) throws {
        let bytes = Array((text + " ,").utf8)
        let ends = bytes.withUnsafeBufferPointer { buffer in
            var checking = JSONScanner(buffer), checked = JSONScanner(checked: buffer, at: 0)
            return [(try? checking.skipValue()).map { checking.position }, (try? checked.skipValue()).map { checked.position }]
        }
        #expect(ends[0] != nil && ends[0] == ends[1])
    }
}
