import Foundation
import Logging
import Synchronization
import Testing
import FerryTestSupport
@testable import FerryTransfer

/// A host for the receiver in tests: settable mode and trust, containers under a scratch folder,
/// and a record of what was delivered and which offers waited.
final class TestHost: ReceiverHost {
    let root: String
    let state = Mutex<(mode: ReceivingMode, trusted: [String: TrustedPeer], delivered: [DeliveredFile], waiting: [PendingOffer], urls: [String])>(
        (.contacts, [:], [], [], []))

    init(root: String) { self.root = root }

    func trustedPeer(fingerprint: String) async -> TrustedPeer? { state.withLock { $0.trusted[fingerprint] } }
    func receivingMode() async -> ReceivingMode { state.withLock { $0.mode } }
    /// Apps by file extension, chosen when the sender names none.
    let appsByExtension = Mutex<[String: String]>([:])

    func target(for file: OfferedFile, preferredApp: String?) async -> InboxTarget {
        let byExtension = appsByExtension.withLock { $0[(file.path as NSString).pathExtension] }
        let app = preferredApp ?? byExtension ?? "org.ferry.system.files"
        return InboxTarget(app: app, container: root + "/Containers/" + app, open: preferredApp != nil)
    }
    func delivered(_ file: DeliveredFile) async {
        state.withLock { $0.delivered.append(file) }
        onDelivered.withLock { $0 }?()
    }
    /// Called as each file is delivered (after the finish moved it): a test cuts the link there.
    let onDelivered = Mutex<(@Sendable () -> Void)?>(nil)
    func openURL(_ url: String, sender: String) async -> Bool {
        state.withLock { $0.urls.append(url) }
        return true
    }
    func offerWaiting(_ offer: PendingOffer) async { state.withLock { $0.waiting.append(offer) } }
    /// Offers the receiver said were decided (accepted, declined, expired), in order.
    let decided = Mutex<[String]>([])
    func offerDecided(_ id: String) async { decided.withLock { $0.append(id) } }

    func trust(_ identity: DeviceIdentity, autoAccept: Bool = true) {
        state.withLock { $0.trusted[identity.fingerprint] = TrustedPeer(fingerprint: identity.fingerprint, name: "sender", autoAccept: autoAccept) }
    }
    func setMode(_ mode: ReceivingMode) { state.withLock { $0.mode = mode } }
    var delivered: [DeliveredFile] { state.withLock { $0.delivered } }
    var waiting: [PendingOffer] { state.withLock { $0.waiting } }

    func inbox(_ app: String = "org.ferry.system.files") -> String { root + "/Containers/" + app + "/Documents/Inbox" }
}

/// A receiver listening on 127.0.0.1 on a free port, with a sender identity beside it.
struct Loopback: Sendable {
    let scratch: TemporaryFolder
    let receiverIdentity: DeviceIdentity
    let senderIdentity: DeviceIdentity
    let host: TestHost
    let receiver: Receiver
    let server: TransferServer
    /// This receiver's pairing side, when made `withPairing`.
    let pairing: Pairing?

    init(limits: TransferLimits = Loopback.smallReserve, connections: ConnectionLimits = ConnectionLimits(),
         withPairing: Bool = false) throws {
        scratch = try TemporaryFolder()
        receiverIdentity = try DeviceIdentity.loadOrCreate(directory: scratch.path + "/receiver/identity")
        senderIdentity = try DeviceIdentity.loadOrCreate(directory: scratch.path + "/sender/identity")
        host = TestHost(root: scratch.path + "/receiver")
        receiver = Receiver(host: host, staging: try StagingArea(directory: scratch.path + "/receiver/staging"), limits: limits)
        let host = host
        pairing = withPairing ? Pairing(ownFingerprint: receiverIdentity.fingerprint, deviceName: "receiver",
                                        trust: TrustStore(configHome: scratch.path + "/receiver/config")) { await host.receivingMode() } : nil
        server = TransferServer(configuration: .init(host: "127.0.0.1", port: 0, limits: limits, connections: connections),
                                identity: receiverIdentity,
                                receiver: receiver, pairing: pairing, logger: Logger(label: "test"))
    }

    static var smallReserve: TransferLimits {
        var limits = TransferLimits()
        limits.reserveBytes = 1 << 20
        return limits
    }

    /// Runs `body` while the server listens; stops the server afterwards.
    func withServer<T: Sendable>(_ body: @Sendable (Int) async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            var port: Int?
            await waitUntil("the transfer server to bind") {
                port = server.boundPort
                return port != nil
            }
            let result = try await body(try #require(port))
            group.cancelAll()
            return result
        }
    }

    var client: TransferClient { TransferClient(identity: senderIdentity, senderName: "sender") }

    func endpoint(_ port: Int, fingerprint: String? = nil) -> PeerEndpoint {
        PeerEndpoint(host: "127.0.0.1", port: port, fingerprint: fingerprint ?? receiverIdentity.fingerprint)
    }

    /// Writes a file of `size` pseudo-random bytes under the sender folder.
    func makeFile(_ name: String, size: Int, seed: UInt8 = 7) throws -> String {
        let path = scratch.path + "/sender/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var bytes = [UInt8](repeating: 0, count: size)
        var x = UInt32(seed) &+ 1
        for i in 0..<size { x = x &* 1_103_515_245 &+ 12_345; bytes[i] = UInt8(truncatingIfNeeded: x >> 16) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
