import Crypto
import Foundation
import NIOCore
import Synchronization
@testable import FerryLocalSend
@testable import FerryTransfer

/// A receiver host for LocalSend tests: settable mode and trust, containers under a scratch
/// folder, a record of what was delivered, opened and left waiting.
final class LocalSendTestHost: ReceiverHost {
    let root: String
    let state = Mutex<(mode: ReceivingMode, trusted: [String: TrustedPeer], delivered: [DeliveredFile], waiting: [PendingOffer], urls: [String])>(
        (.contacts, [:], [], [], []))

    init(root: String) { self.root = root }

    func trustedPeer(fingerprint: String) async -> TrustedPeer? { state.withLock { $0.trusted[fingerprint] } }
    func receivingMode() async -> ReceivingMode { state.withLock { $0.mode } }
    func target(for file: OfferedFile, preferredApp: String?) async -> InboxTarget {
        let app = preferredApp ?? "org.ferry.system.files"
        return InboxTarget(app: app, container: root + "/Containers/" + app, open: true)
    }
    func delivered(_ file: DeliveredFile) async { state.withLock { $0.delivered.append(file) } }
    func openURL(_ url: String, sender: String) async -> Bool {
        state.withLock { $0.urls.append(url) }
        return true
    }
    func offerWaiting(_ offer: PendingOffer) async { state.withLock { $0.waiting.append(offer) } }

    func trust(_ fingerprint: String) {
        state.withLock { $0.trusted[fingerprint] = TrustedPeer(fingerprint: fingerprint, name: "phone", autoAccept: true) }
    }
    func setMode(_ mode: ReceivingMode) { state.withLock { $0.mode = mode } }
    var delivered: [DeliveredFile] { state.withLock { $0.delivered } }
    var urls: [String] { state.withLock { $0.urls } }
    var waiting: [PendingOffer] { state.withLock { $0.waiting } }
    var inbox: String { root + "/Containers/org.ferry.system.files/Documents/Inbox" }
}

/// A scratch folder with a receiver, its staging area and LocalSend sessions over them.
final class LocalSendFixture: @unchecked Sendable {
    static let phone = String(repeating: "ab", count: 32)

    let path: String
    let host: LocalSendTestHost
    let staging: StagingArea
    let receiver: Receiver
    let sessions: LocalSendSessions

    init(limits: LocalSendLimits = LocalSendFixture.quick, pin: String? = nil) throws {
        path = NSTemporaryDirectory() + "ferry-localsend-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        host = LocalSendTestHost(root: path + "/home")
        staging = try StagingArea(directory: path + "/home/staging")
        var transfer = TransferLimits()
        transfer.reserveBytes = 1 << 20
        receiver = Receiver(host: host, staging: staging, limits: transfer)
        sessions = LocalSendSessions(receiver: receiver, staging: staging, limits: limits, pin: pin)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    static var quick: LocalSendLimits {
        var limits = LocalSendLimits()
        limits.decisionSeconds = 1
        return limits
    }

    static let info = LocalSendInfo(alias: "Phone", deviceModel: "Pixel", deviceType: "mobile", fingerprint: phone.uppercased(), port: 53317)

    /// A prepare-upload of `files` (name to content), with their sha256 unless `hashed` is false.
    static func request(_ files: [(String, [UInt8])], hashed: Bool = true) -> PrepareUploadRequest {
        PrepareUploadRequest(info: info, files: Dictionary(uniqueKeysWithValues: files.enumerated().map { index, file in
            let id = "id\(index)"
            return (id, LocalSendFile(id: id, fileName: file.0, size: UInt64(file.1.count), fileType: "application/octet-stream",
                                      sha256: hashed ? hex(SHA256.hash(data: file.1)) : nil))
        }))
    }

    static func hex(_ digest: some Sequence<UInt8>) -> String { digest.map { String(format: "%02x", $0) }.joined() }

    /// Uploads `bytes` as file `id` of `response`'s session.
    func upload(_ response: PrepareUploadResponse, _ id: String, _ bytes: [UInt8], token: String? = nil) async throws(LocalSendError) {
        let upload = try await sessions.beginUpload(session: response.sessionId, file: id, token: token ?? response.files[id] ?? "")
        do { try await upload.append(ByteBuffer(bytes: bytes)) } catch { throw LocalSendError(400, error.message) }
        try await sessions.endUpload(upload, complete: true)
    }

    /// Every regular file under the scratch folder outside staging and the Files app's Inbox.
    static func isReceiptName(_ name: String) -> Bool {
        name.hasSuffix(".json") && name.dropLast(5).allSatisfy { $0.isHexDigit && !$0.isUppercase } && name.count > 5
    }

    func filesOutsideStagingAndInbox() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: path)
        var found: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            let full = path + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            if full.hasPrefix(path + "/home/staging/") || full.hasPrefix(host.inbox + "/") { continue }
            // The receiver's own receipts (FinishedReceipts): named by the offer id, never by a file.
            if relative.hasPrefix("home/finished/"), Self.isReceiptName(String(relative.dropFirst("home/finished/".count))) { continue }
            found.append(relative)
        }
        return found
    }

    func inboxFiles() -> [String] {
        (FileManager.default.enumerator(atPath: host.inbox)?.allObjects as? [String] ?? []).filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: host.inbox + "/" + $0, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }
}
