import Foundation
import Testing
@testable import FerryProtocol

@Suite struct JSONFieldsTests {
    struct Size: Decodable { var size: UInt64 }

    /// A size as written by a peer: accepted exactly when Codable accepted it, with the same value.
    @Test(arguments: ["0", "4096", "9223372036854775807", "9223372036854775808", "18446744073709551615",
                      "18446744073709551616", "-1", "-0", "1.5", "1.0", "1e3", "-1e3", "1E400", "\"5\"", "true", "null"])
    func sizesReadAsCodableReadsThem(_ number: String) throws {
        let body = Array("{\"size\":\(number)}".utf8)
        let codable = try? JSONDecoder().decode(Size.self, from: Data(body)).size
        let fast = try? JSONFields(parsing: body).uint64("size")
        #expect(fast == codable)
    }

    @Test func errorsNameTheNestedField() throws {
        let body = Array(#"{"files":[{"size":1},{"size":-2}]}"#.utf8)
        let fields = try JSONFields(parsing: body)
        #expect(throws: JSONFieldError(field: "files[1].size", reason: "expected a whole number from 0 to 18446744073709551615")) {
            try fields.objects("files") { (file: JSONFields) throws(JSONFieldError) in try file.uint64("size") }
        }
        #expect(throws: JSONFieldError(field: "files[0].name", reason: "missing; expected a string")) {
            try fields.objects("files") { (file: JSONFields) throws(JSONFieldError) in try file.string("name") }
        }
        #expect(throws: JSONFieldError(field: "files", reason: "expected a string")) { try fields.string("files") }
    }

    @Test(arguments: ["", "{", "[1]", "{\"a\":1,}", "{\"a\":01x}", "{\"a\":\"\u{1}\"}", "{} {}"])
    func invalidDocumentsAreRefused(_ text: String) {
        #expect(throws: JSONFieldError.self) { try JSONFields(parsing: Array(text.utf8)) }
    }

    @Test(arguments: [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x80], [0x5C, 0x6E, 0xFF]] as [[UInt8]])
    func invalidUTF8IsRefusedAsCodableRefusesIt(_ inside: [UInt8]) {
        let body = Array(#"{"a":""#.utf8) + inside + Array(#""}"#.utf8)
        #expect(throws: (any Error).self) { try JSONDecoder().decode([String: String].self, from: Data(body)) }
        #expect(throws: JSONFieldError.self) { try JSONFields(parsing: body) }
    }

    @Test(arguments: ["plain", "Zoë", #"\u202Egpj.exe"#, #"日本\n語"#, #"\ud83d\ude80 🚀"#, ""])
    func stringsReadAsCodableReadsThem(_ inside: String) throws {
        let body = Array("{\"a\":\"\(inside)\"}".utf8)
        #expect(try JSONFields(parsing: body).string("a") == JSONDecoder().decode([String: String].self, from: Data(body))["a"])
    }

    @Test func nullAndAbsenceAreNilForOptionalsOnly() throws {
        let fields = try JSONFields(parsing: Array(#" { "a" : null , "n" : 2.5 } "#.utf8))
        #expect(try fields.optionalString("a") == nil && fields.optionalString("b") == nil)
        #expect(try fields.double("n") == 2.5)
        #expect(throws: JSONFieldError(field: "a", reason: "missing; expected a string")) { try fields.string("a") }
    }

    @Test func wholeNumbersAboveIntMaxStayExact() throws {
        let value = try Array("18446744073709551615".utf8).withUnsafeBufferPointer { buffer throws(JSONScanner.Failure) in
            var scanner = JSONScanner(buffer)
            return try scanner.parseDocument()
        }
        #expect(value == .unsigned(.max))
    }
}
