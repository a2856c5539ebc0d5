import NIOCore
import Testing
@testable import FerryTransfer

/// Upload body parts held until they are worth a trip to the file thread pool.
@Suite struct PendingBodyTests {
    @Test func partsAreHeldUntilTheThresholdThenTakenInOrder() {
        var held = PendingBody()
        let part = PendingBody.threshold / 4
        for index in 0..<3 {
            let full = held.add(ByteBuffer(repeating: UInt8(index), count: part))
            #expect(!full)
        }
        let full = held.add(ByteBuffer(repeating: 3, count: part))
        #expect(full)
        let taken = held.take()
        #expect(taken.map { $0.getInteger(at: 0, as: UInt8.self) } == [0, 1, 2, 3])
        #expect(held.buffers.isEmpty && held.bytes == 0)
        let again = held.take()
        #expect(again.isEmpty)
    }
}
