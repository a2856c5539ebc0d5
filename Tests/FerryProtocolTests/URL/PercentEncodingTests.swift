import Testing
@testable import FerryProtocol

/// Percent-encoding over UTF-8 bytes, as Foundation's `addingPercentEncoding(withAllowedCharacters:
/// .alphanumerics)` and `removingPercentEncoding` did for LocalSend's queries and file names.
@Suite struct PercentEncodingTests {
    @Test(arguments: [("abcXYZ019", "abcXYZ019"), ("a b/c", "a%20b%2Fc"), ("ä.txt", "%C3%A4%2Etxt"),
                      ("", ""), ("100%", "100%25")])
    func encodesAllButASCIILettersAndDigits(_ text: String, _ encoded: String) {
        #expect(PercentEncoding.alphanumerics(text) == encoded)
    }

    @Test(arguments: ["a b/c", "ä ö ü 日本", "100%", "+&=?"])
    func decodingUndoesEncoding(_ text: String) {
        #expect(PercentEncoding.decoded(PercentEncoding.alphanumerics(text)) == text)
    }

    @Test(arguments: [("a%20b", "a b"), ("a+b", "a+b"), ("%c3%a4", "ä"), ("plain", "plain")])
    func decodesEscapes(_ text: String, _ decoded: String) {
        #expect(PercentEncoding.decoded(text) == decoded)
    }

    @Test(arguments: ["%", "%4", "%zz", "a%2", "%FF", "%C3"])
    func refusesABrokenEscapeOrNonUTF8(_ text: String) {
        #expect(PercentEncoding.decoded(text) == nil)
    }

    /// The lenient form keeps a broken escape as it is (`AppURL`); the strict one refuses it.
    @Test(arguments: [("%", "%"), ("%4", "%4"), ("a%zz%41", "a%zzA"), ("%2", "%2"), ("%41%", "A%")])
    func theLenientFormKeepsABrokenEscape(_ text: String, _ kept: String) {
        #expect(PercentEncoding.decodedBytes(text, malformed: .keep) == Array(kept.utf8))
        #expect(PercentEncoding.decodedBytes(text, malformed: .fail) == nil)
    }
}
