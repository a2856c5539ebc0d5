import FerryProtocol
import Testing

/// `--to NAME` means one device or is an error naming the candidates: a second device announcing
/// the same name in another case (or with invisible characters) is never silently picked.
@Suite struct PeerNameMatchTests {
    static let real = PeerCandidate(name: "Alice-Phone", fingerprint: "AB12" + String(repeating: "0", count: 60), host: "192.168.1.5", port: 53317)
    static let impostor = PeerCandidate(name: "alice-phone", fingerprint: "cd34" + String(repeating: "1", count: 60), host: "192.168.1.9", port: 9)

    @Test func aCaseFoldedCollisionIsAnErrorListingBothEvenForTheExactCase() throws {
        for name in ["Alice-Phone", "alice-phone", "ALICE-PHONE", " alice-phone "] {
            let match = PeerNameMatch.match(name, among: [Self.real, Self.impostor])
            #expect(match == .ambiguous([Self.real, Self.impostor]), "\(name)")
        }
        let line = try #require(PeerNameMatch.match("alice-phone", among: [Self.real, Self.impostor]).ambiguity(for: "alice-phone"))
        #expect(line == "2 devices are called alice-phone: Alice-Phone (ab12000000000000…, 192.168.1.5:53317), "
            + "alice-phone (cd34111111111111…, 192.168.1.9:9); send with --to FINGERPRINT (8 or more of its first hex digits)")
    }

    @Test func invisibleCharactersDoNotMakeADifferentName() {
        let hidden = PeerCandidate(name: "Alice\u{200E}-Phone\u{202E}", fingerprint: "ee", host: "10.0.0.3", port: 53317)
        #expect(PeerNameMatch.match("Alice-Phone", among: [Self.real, hidden]) == .ambiguous([Self.real, hidden]))
    }

    @Test func aFingerprintOrItsPrefixOrTheAddressNamesOneDevice() {
        let both = [Self.real, Self.impostor]
        #expect(PeerNameMatch.match(Self.real.fingerprint.uppercased(), among: both) == .one(Self.real))
        #expect(PeerNameMatch.match("cd341111", among: both) == .one(Self.impostor))
        #expect(PeerNameMatch.match("cd34", among: both) == PeerNameMatch.none)
        #expect(PeerNameMatch.match("192.168.1.9:9", among: both) == .one(Self.impostor))
        #expect(PeerNameMatch.match("192.168.1.5", among: both) == .one(Self.real))
        #expect(PeerNameMatch.match("bob", among: both) == PeerNameMatch.none)
    }

    @Test func aDeviceNamedLikeAnotherOnesFingerprintPrefixMakesItAmbiguous() {
        let squatter = PeerCandidate(name: "ab120000", fingerprint: "ff", host: "10.0.0.8", port: 53317)
        #expect(PeerNameMatch.match("ab120000", among: [Self.real, squatter]) == .ambiguous([Self.real, squatter]))
        // The whole fingerprint still names its device: a send pins it.
        #expect(PeerNameMatch.match(Self.real.fingerprint, among: [Self.real, squatter]) == .one(Self.real))
    }

    @Test func oneDeviceSeenTwiceUnderOneFingerprintIsOne() {
        var again = Self.real
        again.name = "alice-phone"
        #expect(PeerNameMatch.match("alice-phone", among: [Self.real, again]) == .one(Self.real))
    }
}
