import FerryTransfer
import Foundation
import Testing
import FerryTestSupport
@testable import FerryDaemon

/// Requests that reach a freshly started ferryd before its identity is loaded wait on the slot:
/// woken when it is filled, not after the next 20 ms poll, and never left behind.
@Suite struct TransferSlotTests {
    private func hub() throws -> TransferHub {
        let folder = NSTemporaryDirectory() + "ferry-slot-\(UUID().uuidString)"
        let identity = try DeviceIdentity.loadOrCreate(directory: folder + "/identity")
        return TransferHub(identity: identity, receiver: nil, receiving: ReceivingState(.off),
                           trust: TrustStore(configHome: folder), senderName: "test", peers: nil)
    }

    private func waiting(_ slot: TransferSlot, _ count: Int) async {
        await waitUntil("\(count) waiting for the slot") { slot.waiting >= count }
    }

    @Test func waitersGetTheHubWhenItIsFilled() async throws {
        let slot = TransferSlot(), hub = try hub()
        let requests = (0..<3).map { _ in Task { await slot.hub() } }
        await waiting(slot, 3)
        slot.fill(hub)
        for request in requests { #expect(await request.value === hub) }
        #expect(await slot.hub() === hub)
    }

    @Test func waitersGetNilWhenTransfersCannotStart() async {
        let slot = TransferSlot()
        let request = Task { await slot.hub() }
        await waiting(slot, 1)
        slot.markUnavailable()
        #expect(await request.value == nil)
        #expect(await slot.hub() == nil)
    }

    @Test func aCancelledWaiterLeavesAtOnce() async {
        let slot = TransferSlot()
        let request = Task { await slot.hub() }
        await waiting(slot, 1)
        request.cancel()
        #expect(await request.value == nil)
        #expect(slot.waiting == 0)
    }
}
