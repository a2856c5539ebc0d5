import Testing
@testable import FerryDiscovery

@Suite struct ServiceAnnouncementTests {
    static func announcement(fingerprint: String, mode: String) -> ServiceAnnouncement {
        var advertisement = PeerAdvertisement(protocolVersion: 1, mode: mode)
        advertisement.fingerprint = fingerprint
        advertisement.deviceId = String(fingerprint.prefix(16))
        return ServiceAnnouncement(name: "Twin", type: "_ferry._tcp", port: 7417, txt: advertisement.txt)
    }

    // Two devices probing one name must differ in their SRV record only, or Avahi may fail both.
    @Test func twoDevicesProbeWithTheSameTXTRecord() {
        let first = Self.announcement(fingerprint: String(repeating: "a", count: 64), mode: "contacts")
        let second = Self.announcement(fingerprint: String(repeating: "0", count: 64), mode: "everyone")
        #expect(first.txt != second.txt)
        #expect(first.probeTXT == second.probeTXT)
        #expect(first.probeTXT == ["txtvers=1"])
        #expect(first.probeTXT == ServiceAnnouncement.probeOnlyTXT)
    }
}
