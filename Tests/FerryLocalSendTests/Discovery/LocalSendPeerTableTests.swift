import Foundation
import Testing
@testable import FerryLocalSend

@Suite struct LocalSendPeerTableTests {
    static func info(_ alias: String, _ fingerprint: String, port: Int = 53317) -> LocalSendInfo {
        LocalSendInfo(alias: alias, deviceModel: "Pixel", deviceType: "mobile", fingerprint: fingerprint, port: port)
    }

    @Test func aCertificateWinsOverTheDeclaredFingerprintAndAMulticastClaimCannotReplaceIt() async {
        let table = LocalSendPeerTable()
        await table.upsert(Self.info("phone", "DECLARED"), address: "10.0.0.2", certificate: "cafe")
        await table.upsert(Self.info("liar", "cafe"), address: "10.0.0.9", certificate: nil)
        let peer = await table.peer(named: "cafe")
        #expect(peer?.verified == true)
        #expect(peer?.address == "10.0.0.2")
    }

    @Test func ownAnnouncementsAreIgnored() async {
        let table = LocalSendPeerTable(ownFingerprint: "ABCD")
        await table.upsert(Self.info("me", "abcd"), address: "10.0.0.1", certificate: nil)
        #expect(await table.list().isEmpty)
    }

    @Test func devicesThatStopAnnouncingAgeOutButOnesAddedByHandStay() async throws {
        let table = LocalSendPeerTable(maximumAge: 0.05)
        await table.upsert(Self.info("seen", "aa"), address: "10.0.0.2", certificate: nil)
        await table.upsert(Self.info("added", "bb"), address: "10.0.0.3", certificate: "bb", manual: true)
        try await Task.sleep(for: .milliseconds(100))  // past the 0.05 s maximum age: time passing is the point
        #expect(await table.list().map(\.info.alias) == ["added"])
        #expect(await table.removeManual(address: "10.0.0.3", port: 53317))
        #expect(await !table.removeManual(address: "10.0.0.3", port: 53317))
        #expect(await table.list().isEmpty)
    }

    @Test func aDeviceIsFoundByAliasFingerprintOrAddress() async {
        let table = LocalSendPeerTable()
        await table.upsert(Self.info("Pixel 8", "ee", port: 53320), address: "10.0.0.4", certificate: nil)
        #expect(await table.peer(named: "pixel 8")?.fingerprint == "ee")
        #expect(await table.peer(named: "EE")?.fingerprint == "ee")
        #expect(await table.peer(named: "10.0.0.4:53320")?.fingerprint == "ee")
        #expect(await table.peer(named: "nobody") == nil)
    }
}
