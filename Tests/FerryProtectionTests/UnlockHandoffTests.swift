import FerryProtection
import Testing

@Suite struct UnlockHandoffTests {
    @Test(arguments: [ProtectionError.Code.wrongPassphrase, .badKeyFile, .unsupported, .noKeys, .system])
    func anErrorCrossesWithItsCodeMessageAndErrno(_ code: ProtectionError.Code) throws {
        let error = ProtectionError(code, "the key file at /k is at fault", errno: 5)
        let decoded = try #require(UnlockHandoff.Reply.decode(UnlockHandoff.Reply(.failure(error)).encoded()))
        #expect(decoded.result == .failure(error))
    }

    @Test func anUnlockCrossesAsItWas() throws {
        let unlock = DataProtection.Unlock(created: true, enforced: false)
        #expect(UnlockHandoff.Reply.decode(UnlockHandoff.Reply(.success(unlock)).encoded())?.result == .success(unlock))
    }

    @Test func aCodeThisFerryDoesNotKnowIsASystemError() throws {
        let reply = try #require(UnlockHandoff.Reply.decode(Array(#"{"error":"fromTheFuture","message":"m"}"#.utf8)))
        #expect(reply.result == .failure(ProtectionError(.system, "m")))
        #expect(UnlockHandoff.Reply.decode(Array("not json".utf8)) == nil)
    }
}
