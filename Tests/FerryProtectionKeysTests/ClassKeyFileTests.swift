import FerryProtection
import FerryProtectionKeys
import Foundation
import Testing
import FerryTestSupport

@Suite(.offThePool) struct ClassKeyFileTests {
    // Cheap scrypt parameters: the tests check sealing, not the cost.
    let cheap = ClassKeyFile.KDF(logN: 10, blockSize: 8, parallelism: 1, salt: Data(repeating: 7, count: 32))

    @Test func opensWithThePassphraseItWasMadeWith() throws {
        let made = try ClassKeyFile.create(passphrase: Array("hunter2".utf8), kdf: cheap)
        let opened = try made.file.open(passphrase: Array("hunter2".utf8), path: "keys.json")
        #expect(opened == made.keys)
        #expect(made.keys.count == 3)
        #expect(made.keys.values.allSatisfy { $0.count == 64 })
        #expect(Set(made.keys.values).count == 3)
    }

    @Test func refusesAWrongPassphraseWithOneLine() throws {
        let made = try ClassKeyFile.create(passphrase: Array("hunter2".utf8), kdf: cheap)
        let error = #expect(throws: ProtectionError.self) {
            try made.file.open(passphrase: Array("hunter3".utf8), path: "/k/classes.json")
        }
        #expect(error?.code == .wrongPassphrase)
        #expect(error?.message == "wrong passphrase: it does not open the class keys in /k/classes.json; no key was added")
    }

    @Test func aSealedKeyCannotBeMovedToAnotherClass() throws {
        var made = try ClassKeyFile.create(passphrase: Array("pw".utf8), kdf: cheap)
        made.file.classes["complete"] = made.file.classes["completeUntilFirstUserAuthentication"]
        #expect(throws: ProtectionError.self) { try made.file.open(passphrase: Array("pw".utf8), path: "k") }
    }

    @Test func storeWritesTheFile0600AndReadsItBack() throws {
        let home = NSTemporaryDirectory() + "ferry-keys-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let store = ClassKeyStore(dataHome: home)
        #expect(try store.load() == nil)
        let made = try ClassKeyFile.create(passphrase: Array("pw".utf8), kdf: cheap)
        try store.save(made.file)
        #expect(try store.load() == made.file)
        let attributes = try FileManager.default.attributesOfItem(atPath: store.file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let text = try String(contentsOfFile: store.file, encoding: .utf8)
        for raw in made.keys.values { #expect(!text.contains(Data(raw).base64EncodedString())) }
    }
}
