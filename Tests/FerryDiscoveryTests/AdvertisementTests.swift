import Testing
@testable import FerryDiscovery

@Suite struct AdvertisementTests {
    @Test func txtRoundTripsWithTxtversFirst() throws {
        let fingerprint = String(repeating: "ab", count: 32)
        let advertisement = PeerAdvertisement(protocolVersion: 1, deviceId: "0F3C9A2E-4B1D-4E55-9C3A-7D2B1E0F6A44",
                                              fingerprint: fingerprint, mode: "contacts")
        #expect(advertisement.txt.first == "txtvers=1")
        #expect(PeerAdvertisement(txt: advertisement.txt) == advertisement)
        try advertisement.validate()
        #expect(advertisement.encodedSize < 200)
    }

    @Test func readersTakeTheFirstKeyIgnoreCaseAndSkipJunk() {
        let read = PeerAdvertisement(txt: ["MODE=everyone", "mode=off", "novalue", "pv=x", "fp=ABCD", "id="])
        #expect(read.mode == "everyone")
        #expect(read.protocolVersion == nil)
        #expect(read.fingerprint == "abcd")
        #expect(read.deviceId == nil)
    }

    @Test func anOversizedRecordIsRefused() {
        let advertisement = PeerAdvertisement(deviceId: String(repeating: "x", count: 400))
        #expect(throws: DiscoveryError.self) { try advertisement.validate() }
    }

    @Test(arguments: [("192.0.2.7:7417", "192.0.2.7", 7417), ("[fe80::1]:80", "fe80::1", 80), ("box.local:1", "box.local", 1)])
    func addressesParse(text: String, host: String, port: Int) throws {
        let address = try PeerAddress(parsing: text)
        #expect(address.host == host)
        #expect(address.port == port)
    }

    @Test(arguments: ["nonsense", "host:", ":80", "host:0", "host:70000", "fe80::1:80", "[fe80::1]80", "a b:80"])
    func badAddressesAreRefusedWithAnExample(text: String) {
        #expect(throws: DiscoveryError.self) { try PeerAddress(parsing: text) }
    }

    @Test func deviceNamesAreCutToOneDNSLabelAtACharacterBoundary() {
        let name = DeviceName.truncated(String(repeating: "é", count: 40))
        #expect(name.utf8.count <= 63)
        #expect(name.count == 31)
        #expect(DeviceName.resolve(environment: ["FERRY_DEVICE_NAME": "Kitchen"]) == "Kitchen")
    }

    @Test func theLivenessQueryIsOneQuestionAndOnlyAnAnswerCounts() throws {
        let packet = try #require(DNSQuery.packet(id: 0x1234, name: "b.local", type: 1))
        #expect(packet == [0x12, 0x34, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0x62, 5] + Array("local".utf8) + [0, 0, 1, 0, 1])
        var answer = packet
        answer[2] = 0x84
        answer[7] = 1
        #expect(DNSQuery.answers(answer, id: 0x1234))
        #expect(!DNSQuery.answers(answer, id: 0x1235))
        #expect(!DNSQuery.answers(packet, id: 0x1234))
        #expect(DNSQuery.packet(id: 1, name: String(repeating: "x", count: 64) + ".local", type: 1) == nil)
    }
}
