import FerryKit
import Foundation
import Testing
import FerryTestSupport

/// FerryKit's send and peer calls against a real ferryd, which sends over TLS to another.
@Suite(.offThePool, .serialized) struct FerryKitSendEndToEndTests {
    typealias Pair = SendEndToEndTests.Pair

    func application(_ world: FerryWorld) -> Application {
        Application(bundleIdentifier: "com.test.sender", containerDirectory: world.root + "/c",
                    documentsDirectory: world.root + "/c/Documents", socketPath: world.socket)
    }

    @Test func anAppSendsAFileToATrustedPeer() throws {
        let pair = try Pair()
        try pair.trustSender()
        let app = application(pair.sender)
        let receipt = try app.send(files: [try pair.file("kit.txt", "from an app")], to: "127.0.0.1:\(pair.port)",
                                   fingerprint: pair.receiverFingerprint)
        #expect(receipt.peer == "127.0.0.1:\(pair.port)")
        #expect(receipt.items.map(\.status) == ["delivered"])
        #expect(receipt.items.map(\.app) == ["org.ferry.system.files"])
        let stored = pair.receiver.documents("org.ferry.system.files") + "/Inbox/kit.txt"
        #expect(try String(contentsOfFile: stored, encoding: .utf8) == "from an app")
    }

    @Test func aRefusalIsDeclinedWithTheReceiversReason() throws {
        let pair = try Pair()
        do {
            _ = try application(pair.sender).send(files: [try pair.file("a.txt", "a")], to: "127.0.0.1:\(pair.port)",
                                                  fingerprint: pair.receiverFingerprint)
            Issue.record("an untrusted sender was accepted")
        } catch let error as SendError {
            #expect(error.code == .declined)
            #expect(error.message.contains("only receives from trusted peers"))
        }
    }

    @Test func withDiscoveryOffNoPeersAreAvailable() throws {
        let pair = try Pair()
        #expect(try application(pair.sender).availablePeers() == [])
    }

    @Test func withoutFerrydTheCallsSaySo() throws {
        let app = Application(bundleIdentifier: "x", containerDirectory: "/nonexistent", documentsDirectory: "/nonexistent",
                              socketPath: "/nonexistent/ferryd.sock")
        #expect(throws: SendError.self) { _ = try app.availablePeers() }
    }
}
