import Testing
@testable import FerryLocalSend

/// The request target as the LocalSend port reads it (found by the localsend fuzzer: a byte
/// URLComponents refused left the whole target, `?` and query included, as the path).
@Suite struct LocalSendTargetTests {
    @Test func aTargetWithBytesURLComponentsRefusesIsStillSplitAtItsQuery() {
        let (path, query) = LocalSendConnection.split("/api/localsend/v2/upload?sessionId=a b\"{&fileId=f1&token=t%20x")
        #expect(path == "/api/localsend/v2/upload")
        #expect(query == ["sessionId": "a b\"{", "fileId": "f1", "token": "t x"])
    }

    @Test func theFirstOfANameIsKeptAndBadPercentEncodingIsDropped() {
        let (path, query) = LocalSendConnection.split("/x?pin=1&pin=2&bad=%zz&=v&empty")
        #expect(path == "/x")
        #expect(query == ["pin": "1", "empty": ""])
    }
}
