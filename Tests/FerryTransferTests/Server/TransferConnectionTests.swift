import Testing
@testable import FerryTransfer

/// The request target is split as HTTP reads it: by bytes, whatever marks surround `?`, `&`, `=`.
@Suite struct TransferConnectionTests {
    @Test func thePathEndsAtTheFirstQuestionMark() {
        let target = RequestTarget("/ferry/v1/offers/a?wait=1&x=&=y&k==v")
        let (path, query) = (target.path, target.query)
        #expect(path == "/ferry/v1/offers/a")
        #expect(query == ["wait": "1", "k": "=v"])
        #expect(RequestTarget("/ferry/v1/offers").path == "/ferry/v1/offers" && RequestTarget("/ferry/v1/offers").pairs.isEmpty)
    }

    /// Fuzz/Crashes/request-head/prepend-mark-before-question-mark: U+06DD (a prepend mark) joins
    /// the `?` after it into one Character, which `firstIndex(of: "?")` missed, so the query became
    /// part of the path.
    @Test func aQuestionMarkAfterAPrependMarkStillEndsThePath() {
        let target = RequestTarget("/ferry/v1/offers/a\u{06DD}?wait=1")
        let (path, query) = (target.path, target.query)
        #expect(Array(path.utf8) == Array("/ferry/v1/offers/a\u{06DD}".utf8))
        #expect(query == ["wait": "1"])
    }

    @Test func separatorsBeforeCombiningMarksStillSeparate() {
        let target = RequestTarget("/p?\u{301}a=1&\u{301}b=2\u{301}&c=\u{301}3")
        let (path, query) = (target.path, target.query)
        #expect(path == "/p")
        #expect(query.count == 3)
        #expect(query["\u{301}a"] == "1")
        #expect(query["\u{301}b"].map { Array($0.unicodeScalars) } == Array("2\u{301}".unicodeScalars))
        #expect(query["c"].map { Array($0.unicodeScalars) } == Array("\u{301}3".unicodeScalars))
    }
}
