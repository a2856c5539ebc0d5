import Foundation
import Synchronization
import Testing
import FerryTestSupport
@testable import FerryTransfer

/// A send cancelled halfway tells the receiver (`DELETE /ferry/v1/offers/{id}`): its slot is free at
/// once, not after the idle time. A real receiver on loopback, real TLS.
@Suite struct TransferClientCancelTests {
    @Test func aCancelledSendClosesItsConnectionAndCancelsTheOffer() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let files = try LocalFile.collect([try loop.makeFile("big.bin", size: 64 << 20)])
        try await loop.withServer { port in
            let halfway = Mutex(false)
            let client = loop.client, peer = loop.endpoint(port)
            let send = Task {
                try await client.send(files, to: peer) { event in
                    if case .progress(_, _, _, let sent, _) = event, sent >= 8 << 20 { halfway.withLock { $0 = true } }
                }
            }
            await waitUntil("8 MB sent") { halfway.withLock { $0 } }
            send.cancel()
            await #expect(throws: TransferError.self) { try await send.value }
            let failure = await send.result
            if case .failure(let error as TransferError) = failure { #expect(error.message.contains("cancelled")) }
            // The receiver released the offer once the broken upload ended: no open offer is left.
            await waitUntil("the receiver to release the offer") { await loop.receiver.records.values.filter(\.isOpen).isEmpty }
            #expect(loop.host.delivered.isEmpty)
        }
    }
}
