import FerryKit
import FerryProtocol
import Foundation
import Testing
import FerryTestSupport

/// `Application.identifierForVendor` is the welcome's, from launch on.
@Suite(.offThePool) struct ApplicationVendorTests {
    final class VendorDelegate: ApplicationDelegate {
        var seen: [UUID?] = []
        func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: LaunchOptions) -> Bool {
            seen.append(application.identifierForVendor)
            return true
        }
    }

    static func run(welcome identifier: String?) throws -> [UUID?] {
        let daemon = try FakeDaemon()
        daemon.play { peer in
            _ = try peer.expectMessage()
            try peer.send(.handshake(.welcome(.init(protocol: Handshake.protocolVersion, server: "fake", bundleId: "com.test.app",
                                                    identifierForVendor: identifier))))
            try peer.send(eventMessage(1, "willFinishLaunching"))
            _ = try peer.expectMessage()
        }
        let delegate = VendorDelegate()
        try FerryApplication.run(delegate, environment: daemon.environment())
        #expect(daemon.finish().failure == nil)
        return delegate.seen
    }

    @Test func theWelcomesIdentifierIsTheApplications() throws {
        let identifier = "6F9619FF-8B86-D011-B42D-00C04FC964FF"
        #expect(try Self.run(welcome: identifier) == [UUID(uuidString: identifier)])
    }

    @Test func noIdentifierOrAMalformedOneIsNil() throws {
        #expect(try Self.run(welcome: nil) == [nil])
        #expect(try Self.run(welcome: "not-a-uuid") == [nil])
    }
}
