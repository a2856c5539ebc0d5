import Testing
@testable import FerryLocalSend
import FerryTransfer

/// The request target as the LocalSend port reads it (found by the localsend fuzzer: a byte
/// URLComponents refused left the whole target, `?` and query included, as the path).
@Suite struct LocalSendTargetTests {
    @Test func aTargetWithBytesURLComponentsRefusesIsStillSplitAtItsQuery() {
        let target = RequestTarget("/api/localsend/v2/upload?sessionId=a b\"{&fileId=f1&token=t%20x")
        let (path, query) = (target.path, target.decodedQuery)
        #expect(path == "/api/localsend/v2/upload")
        #expect(query == ["sessionId": "a b\"{", "fileId": "f1", "token": "t x"])
    }

    @Test func theFirstOfANameIsKeptAndBadPercentEncodingIsDropped() {
        let target = RequestTarget("/x?pin=1&pin=2&bad=%zz&=v&empty")
        let (path, query) = (target.path, target.decodedQuery)
        #expect(path == "/x")
        #expect(query == ["pin": "1", "empty": ""])
    }
}
