import Foundation
import Testing
@testable import FerryLocalSend
@testable import FerryTransfer

/// Download sessions are a bounded table that recycles (issue 25, item 7): prepare-downloads
/// nobody follows up do not keep the real phone out for the share's whole life.
@Suite struct LocalSendShareSessionsTests {
    @Test func aTableFilledByStrangersStillGivesTheRealPhoneASession() async throws {
        let fixture = try LocalSendFixture()
        let path = fixture.path + "/shared.txt"
        try Data("shared".utf8).write(to: URL(fileURLWithPath: path))
        let shares = LocalSendShares()
        _ = try await shares.start(LocalFile.collect([path]), pin: nil) { _ in }
        for host in 0..<300 {
            _ = try? await shares.prepareDownload(session: nil, pin: nil, address: "10.1.\(host / 200).\(host % 200 + 1)")
        }
        let phone = try await shares.prepareDownload(session: nil, pin: nil, address: "192.168.1.20")
        let file = try await shares.download(session: phone.session, file: "f0", address: "192.168.1.20")
        #expect(file.path == path)
    }
}
