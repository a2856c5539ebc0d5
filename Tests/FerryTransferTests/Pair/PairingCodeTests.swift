import Testing
@testable import FerryTransfer

@Suite struct PairingCodeTests {
    let zeros = String(repeating: "00", count: 32)
    let ones = String(repeating: "ff", count: 32)
    let mixed = "81f7" + String(repeating: "ab", count: 30)
    let other = String(repeating: "3c", count: 32)

    /// Vectors from an independent implementation (Python's hashlib, in the commit message).
    @Test func matchesTheReferenceVectors() {
        #expect(PairingCode.code(zeros, ones) == "729102")
        #expect(PairingCode.code(mixed, other) == "718368")
    }

    @Test func bothSidesGetTheSameCode() {
        #expect(PairingCode.code(mixed, other) == PairingCode.code(other, mixed))
        #expect(PairingCode.code(mixed.uppercased(), other) == PairingCode.code(mixed, other))
    }

    @Test func aDifferentCertificateChangesTheCode() {
        let middle = String(repeating: "3d", count: 32)
        #expect(PairingCode.code(mixed, other) != PairingCode.code(mixed, middle))
    }

    @Test(arguments: ["", "abc", String(repeating: "g", count: 64), String(repeating: "0", count: 63)])
    func aFingerprintThatIsNot64HexDigitsHasNoCode(bad: String) {
        #expect(PairingCode.code(bad, other) == nil)
    }

    @Test func codesAreSixDigitsShownInTwoGroups() throws {
        let code = try #require(PairingCode.code(zeros, other))
        #expect(code.count == 6 && code.allSatisfy(\.isNumber))
        #expect(PairingCode.display("012345") == "012 345")
        #expect(PairingCode.normalized("012 345") == "012345")
        #expect(PairingCode.normalized("012-345") == "012345")
    }
}
