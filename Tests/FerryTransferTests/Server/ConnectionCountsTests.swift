import Testing
@testable import FerryTransfer

@Suite struct ConnectionCountsTests {
    func counts(total: Int, perAddress: Int) -> ConnectionCounts {
        var limits = ConnectionLimits()
        limits.maximumConnections = total
        limits.maximumPerAddress = perAddress
        return ConnectionCounts(limits: limits)
    }

    @Test func oneAddressGetsNoMoreThanItsShare() {
        var counts = counts(total: 10, perAddress: 2)
        let admitted = ["10.0.0.1", "10.0.0.1", "10.0.0.1", "10.0.0.2"].map { counts.admit($0) }
        #expect(admitted == [true, true, false, true])
        #expect(counts.total == 3)
    }

    @Test func theTotalHoldsAcrossAddresses() {
        var counts = counts(total: 2, perAddress: 2)
        let admitted = ["a", "b", "c"].map { counts.admit($0) }
        #expect(admitted == [true, true, false])
        let idle = counts.release("a")
        #expect(!idle)
        let again = counts.admit("c")
        #expect(again)
    }

    @Test func releasingTheLastReportsIdleAndForgetsTheAddress() {
        var counts = counts(total: 2, perAddress: 2)
        _ = counts.admit("a")
        let idle = counts.release("a")
        #expect(idle)
        #expect(counts.byAddress.isEmpty)
        let unknown = counts.release("never")
        #expect(unknown)
        #expect(counts.total == 0)
    }
}
