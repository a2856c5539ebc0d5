import FerryCore
import FerryLocalSend
import FerryTransfer
import Foundation
import Synchronization
import Testing
@testable import FerryDaemon

/// Issue 25, item 4: with `Alice-Phone` and a later `alice-phone` (another fingerprint, port 9),
/// `ferry send --to Alice-Phone` went to the impostor. A name two devices answer to, across
/// Ferry's discovery and LocalSend's table, is now an error listing both (exit 64).
@Suite struct PeerNamesTests {
    struct Directory: PeerDirectory, PeerCandidates {
        var peers: [PeerCandidate]
        func peer(named name: String) async -> PeerEndpoint? {
            guard case .one(let found) = PeerNameMatch.match(name, among: peers) else { return nil }
            return PeerEndpoint(host: found.host, port: found.port, fingerprint: found.fingerprint, name: found.name)
        }
        func candidates() async -> [PeerCandidate] { peers }
    }

    static let real = "ab12" + String(repeating: "0", count: 60)
    static let impostor = "cd34" + String(repeating: "1", count: 60)

    static func info(_ alias: String, _ fingerprint: String, port: Int) -> LocalSendInfo {
        LocalSendInfo(alias: alias, deviceModel: "Pixel", deviceType: "mobile", fingerprint: fingerprint, port: port)
    }

    static func send(_ name: String, ferry: [PeerCandidate], localSend: LocalSendLink) async throws -> DaemonReply.Result {
        let folder = NSTemporaryDirectory() + "ferry-names-\(UUID().uuidString)"
        let identity = try DeviceIdentity.loadOrCreate(directory: folder + "/identity")
        let hub = TransferHub(identity: identity, receiver: nil, receiving: ReceivingState(.off), trust: TrustStore(configHome: folder),
                              senderName: "desk", peers: Directory(peers: ferry))
        let slot = TransferSlot()
        slot.fill(hub)
        let got = Mutex<[DaemonReply]>([])
        await TransferRequests.serve(.send(.init(files: ["/nonexistent"], peer: name)), transfers: slot, localSend: localSend) { reply in
            got.withLock { $0.append(reply) }
        }
        guard case .result(let result)? = got.withLock({ $0.last }) else { throw CancellationError() }
        return result
    }

    @Test func twoLocalSendDevicesFoldingToOneNameAreAnErrorListingBoth() async throws {
        let link = LocalSendLink(settings: LocalSendSettings())
        await link.peers.upsert(Self.info("Alice-Phone", Self.real, port: 53317), address: "192.168.1.5", certificate: nil)
        await link.peers.upsert(Self.info("alice-phone", Self.impostor, port: 9), address: "192.168.1.9", certificate: nil)
        let result = try await Self.send("Alice-Phone", ferry: [], localSend: link)
        #expect(result == .failed("2 devices are called Alice-Phone: Alice-Phone (ab12000000000000…, 192.168.1.5:53317), "
            + "alice-phone (cd34111111111111…, 192.168.1.9:9); send with --to FINGERPRINT (8 or more of its first hex digits)", failure: .ambiguousPeer))
    }

    @Test func aFerryPeerAndALocalSendDeviceUnderOneNameAreAnError() async throws {
        let link = LocalSendLink(settings: LocalSendSettings())
        await link.peers.upsert(Self.info("alice-phone", Self.impostor, port: 9), address: "192.168.1.9", certificate: nil)
        let ferry = [PeerCandidate(name: "Alice-Phone", fingerprint: Self.real, host: "192.168.1.5", port: 47120)]
        let result = try await Self.send("Alice-Phone", ferry: ferry, localSend: link)
        #expect(result.failure == .ambiguousPeer)
        #expect(result.message?.hasPrefix("2 devices are called Alice-Phone: Alice-Phone (ab12000000000000…, 192.168.1.5:47120), alice-phone (cd34") == true)
    }

    @Test func aFerryPeerThatSpeaksLocalSendTooIsOneDevice() async throws {
        let link = LocalSendLink(settings: LocalSendSettings())
        await link.peers.upsert(Self.info("Alice-Phone", Self.real, port: 53317), address: "192.168.1.5", certificate: nil)
        let ferry = [PeerCandidate(name: "Alice-Phone", fingerprint: Self.real, host: "192.168.1.5", port: 47120)]
        let result = try await Self.send("alice-phone", ferry: ferry, localSend: link)
        // Past the name: the send itself fails on the missing file, not on the name.
        #expect(result.failure != .ambiguousPeer && result.message?.contains("devices are called") == false, "\(result)")
    }
}
