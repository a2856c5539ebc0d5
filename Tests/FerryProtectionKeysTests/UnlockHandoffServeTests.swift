import FerryProtection
import FerryProtectionKeys
import Foundation
import Testing
import FerryTestSupport

/// `ferryd --unlock`'s side, in-process: the passphrase on one pipe, the reply on another.
@Suite(.offThePool) struct UnlockHandoffServeTests {
    func serve(_ passphrase: String, dataHome: String) -> (status: Int32, reply: UnlockHandoff.Reply?) {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        pipe(&input)
        pipe(&output)
        UnlockHandoff.writeAll(input[1], Array(passphrase.utf8))
        close(input[1])
        let status = UnlockHandoff.serve(dataHome: dataHome, passphrase: input[0], reply: output[1])
        close(input[0])
        close(output[1])
        defer { close(output[0]) }
        return (status, UnlockHandoff.Reply.decode(UnlockHandoff.readAll(output[0])))
    }

    @Test func createsOpensAndRefusesAWrongPassphrase() throws {
        let home = NSTemporaryDirectory() + "ferry-handoff-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: home) }
        let first = serve("sesame", dataHome: home)
        #expect(first.status == 0)
        #expect(try #require(first.reply).result.get().created)
        #expect(try #require(serve("sesame", dataHome: home).reply).result.get().created == false)
        let wrong = serve("not it", dataHome: home)
        #expect(wrong.status == 1)
        #expect(throws: ProtectionError.self) { try #require(wrong.reply).result.get() }
        if case .failure(let error) = wrong.reply?.result { #expect(error.code == .wrongPassphrase) }
    }

    @Test func noPassphraseIsRefusedWithoutKeys() throws {
        let home = NSTemporaryDirectory() + "ferry-handoff-" + UUID().uuidString
        let outcome = serve("", dataHome: home)
        #expect(outcome.status == 1)
        if case .failure(let error) = outcome.reply?.result { #expect(error.code == .system) } else { Issue.record("no error reply") }
        #expect(!FileManager.default.fileExists(atPath: home + "/keys/classes.json"))
    }
}
