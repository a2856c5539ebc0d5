import Foundation
import Testing
@testable import FerryTransfer

/// Pair requests over real TLS on loopback.
@Suite struct PairingTests {
    @Test func throwawayCertificatesFromOneHostDoNotFillThePairSlots() async throws {
        let loop = try Loopback(withPairing: true)
        let pairing = try #require(loop.pairing)
        let answer = try await loop.withServer { port in
            for index in 0..<4 {
                let throwaway = try DeviceIdentity.loadOrCreate(directory: loop.scratch.path + "/throwaway\(index)")
                _ = try await TransferClient(identity: throwaway, senderName: "throwaway").requestPairing(with: loop.endpoint(port))
            }
            return try await loop.client.requestPairing(with: loop.endpoint(port)).answer
        }
        #expect(answer.status == "pending")
        // All came from 127.0.0.1: each replaced the one before, and one slot is taken, not four.
        #expect(await pairing.pending().map(\.name) == ["sender"])
    }

    @Test func receivingOffRefusesPairingAtTheHandshake() async throws {
        let loop = try Loopback(withPairing: true)
        loop.host.setMode(.off)
        let error = await #expect(throws: TransferError.self) {
            _ = try await loop.withServer { port in try await loop.client.requestPairing(with: loop.endpoint(port)).answer }
        }
        #expect(error?.code == .receivingOff)
        #expect(await loop.pairing?.pending().isEmpty == true)
    }
}
