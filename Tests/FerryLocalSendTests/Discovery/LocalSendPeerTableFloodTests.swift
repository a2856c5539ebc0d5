import Foundation
import Synchronization
import Testing
@testable import FerryLocalSend

/// Issue 25, item 4: a flood of fake registers filled the table (1,023 rows) so that the real
/// phone was never recorded, stale rows blocked new ones until `ferry peers` pruned, and a later
/// `alice-phone` took `--to Alice-Phone`.
@Suite struct LocalSendPeerTableFloodTests {
    static func info(_ alias: String, _ fingerprint: String, port: Int = 53317) -> LocalSendInfo {
        LocalSendInfo(alias: alias, deviceModel: "Pixel", deviceType: "mobile", fingerprint: fingerprint, port: port)
    }

    static func hex(_ n: Int) -> String { String(format: "%064x", n) }
    static let real = "ab12" + String(repeating: "0", count: 60)

    @Test func theRealPhoneIsRecordedAfterAFloodOfFakeRegisters() async {
        let table = LocalSendPeerTable()
        for n in 0..<1100 {
            await table.upsert(Self.info("fake \(n)", Self.hex(n + 1)), address: "10.0.\(n / 250).\(n % 250 + 1)", certificate: nil)
        }
        await table.upsert(Self.info("Phone", "feed"), address: "192.168.1.5", certificate: nil)
        #expect(await table.peer(named: "Phone")?.fingerprint == "feed")
        #expect(await table.peers.count <= 256)
    }

    @Test func oneAddressOnlyRecyclesItsOwnRows() async {
        let table = LocalSendPeerTable()
        await table.upsert(Self.info("Phone", "feed"), address: "192.168.1.5", certificate: nil)
        for n in 0..<1100 {
            await table.upsert(Self.info("fake \(n)", Self.hex(n + 1), port: 1024 + n), address: "10.6.6.6", certificate: nil)
        }
        #expect(await table.peers.count == 9)
        #expect(await table.peer(named: "Phone")?.fingerprint == "feed")
    }

    @Test func staleRowsAreDroppedOnInsertNotOnlyWhenListed() async throws {
        let table = LocalSendPeerTable(maximumAge: 0.2)
        for n in 0..<1100 {
            await table.upsert(Self.info("old \(n)", Self.hex(n + 1)), address: "10.0.\(n / 250).\(n % 250 + 1)", certificate: nil)
        }
        try await Task.sleep(for: .milliseconds(300))  // past the 0.2 s maximum age: time passing is the point
        await table.upsert(Self.info("new", "feed"), address: "10.1.0.1", certificate: nil)
        #expect(await table.peers.count == 1)
        #expect(await table.peer(named: "new") != nil)
    }

    @Test func theClockDecidesWhatIsStale() async {
        let clock = Mutex(1000.0)
        let table = LocalSendPeerTable(maximumAge: 180, budget: LocalSendPeerBudget(capacity: 4), clock: { clock.withLock { $0 } })
        for n in 0..<4 { await table.upsert(Self.info("old \(n)", Self.hex(n + 1)), address: "10.0.0.\(n + 1)", certificate: nil) }
        clock.withLock { $0 += 179 }
        await table.upsert(Self.info("new", "feed"), address: "10.0.1.1", certificate: nil)
        #expect(await table.peers.count == 4)
        clock.withLock { $0 += 2 }
        await table.upsert(Self.info("newer", "beef"), address: "10.0.1.2", certificate: nil)
        #expect(await table.list().map(\.info.alias) == ["new", "newer"])
    }

    @Test func forgedMulticastCannotPushOutADeviceThatConnectedNorEvictATrustedOne() async {
        let table = LocalSendPeerTable(budget: LocalSendPeerBudget(capacity: 3))
        await table.setTrusted { ["aa"] }
        await table.upsert(Self.info("Trusted", "AA"), address: "10.0.0.1", certificate: nil)
        await table.upsert(Self.info("Verified", "x"), address: "10.0.0.2", certificate: "bb")
        await table.upsert(Self.info("Phone", "cc"), address: "10.0.0.3", certificate: nil)
        for n in 0..<50 {
            await table.upsert(Self.info("forged \(n)", Self.hex(n + 1)), address: "10.9.0.\(n + 1)", certificate: nil, announced: true)
        }
        #expect(await table.list().map(\.info.alias) == ["Phone", "Trusted", "Verified"])
        // A connection may push out the weakest, longest silent untrusted row, never the trusted one.
        await table.upsert(Self.info("Laptop", "dd"), address: "10.0.0.4", certificate: nil)
        #expect(await table.list().map(\.info.alias) == ["Laptop", "Trusted", "Verified"])
        await table.upsert(Self.info("Tablet", "ee"), address: "10.0.0.5", certificate: "ee")
        await table.upsert(Self.info("Watch", "ff"), address: "10.0.0.6", certificate: "ff")
        #expect(await table.list().map(\.info.alias).contains("Trusted"))
    }

    @Test func aForgedClaimAtAVerifiedDevicesAddressCannotReplaceIt() async {
        let table = LocalSendPeerTable()
        await table.upsert(Self.info("Alice-Phone", "x"), address: "192.168.1.5", certificate: "ab12")
        await table.upsert(Self.info("Mallory", "cd34"), address: "192.168.1.5", certificate: nil)
        await table.upsert(Self.info("Mallory", "ef56"), address: "192.168.1.5", certificate: nil)
        #expect(await table.list().map(\.info.alias) == ["Alice-Phone"])
    }

    @Test func aMulticastClaimAboutAVerifiedDeviceChangesNothingButWhenItWasSeen() async {
        let table = LocalSendPeerTable()
        await table.upsert(Self.info("Alice-Phone", "x"), address: "192.168.1.5", certificate: "ab12")
        await table.upsert(Self.info("Mallory", "ab12", port: 9), address: "192.168.1.5", certificate: nil, announced: true)
        await table.upsert(Self.info("Mallory", "ab12", port: 9), address: "10.6.6.6", certificate: nil, announced: true)
        let peer = await table.list()
        #expect(peer.map(\.info.alias) == ["Alice-Phone"] && peer.first?.port == 53317 && peer.first?.address == "192.168.1.5")
    }

    @Test func aLaterCaseFoldedNameDoesNotTakeTheName() async {
        let table = LocalSendPeerTable()
        await table.upsert(Self.info("Alice-Phone", Self.real), address: "192.168.1.5", certificate: nil)
        await table.upsert(Self.info("alice-phone", "00cd34", port: 9), address: "192.168.1.9", certificate: nil)
        #expect(await table.peer(named: "Alice-Phone")?.fingerprint != "00cd34")
        #expect(await table.peer(named: "alice-phone")?.fingerprint != "00cd34")
    }

    @Test func aLaterCaseFoldedNameIsAnErrorListingBoth() async throws {
        let table = LocalSendPeerTable()
        await table.upsert(Self.info("Alice-Phone", Self.real), address: "192.168.1.5", certificate: nil)
        await table.upsert(Self.info("alice-phone", "00cd34", port: 9), address: "192.168.1.9", certificate: nil)
        let line = try #require(await table.match("Alice-Phone").ambiguity(for: "Alice-Phone"))
        #expect(line.hasPrefix("2 devices are called Alice-Phone: "), "\(line)")
        #expect(line.contains("Alice-Phone (ab12000000000000…, 192.168.1.5:53317)") && line.contains("alice-phone (00cd34…, 192.168.1.9:9)"), "\(line)")
    }

    @Test func aliasesAreRecordedPrintable() async {
        let table = LocalSendPeerTable()
        await table.upsert(Self.info("\u{1B}]0;pwned\u{07}Eve\u{1B}[2J\r\u{202E}", "ee"), address: "10.0.0.7", certificate: nil)
        #expect(await table.list().first?.info.alias == "]0;pwnedEve[2J")
    }
}
