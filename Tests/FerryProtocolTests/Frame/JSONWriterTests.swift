import Testing
@testable import FerryProtocol

@Suite struct JSONWriterTests {
    @Test func bodiesEndWithoutANewlineAndSizesKeepAllTheirDigits() {
        var out = JSONWriter()
        out.field("size", UInt64.max)
        out.field("none", nil as UInt64?)
        out.object("empty") { _ in }
        out.array("list", [UInt64(0), 1]) { $0.field("n", $1) }
        #expect(String(decoding: out.finishObject(), as: UTF8.self) == #"{"size":18446744073709551615,"empty":{},"list":[{"n":0},{"n":1}]}"#)
    }
}
