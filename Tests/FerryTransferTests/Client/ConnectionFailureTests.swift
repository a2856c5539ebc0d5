import NIOCore
import NIOSSL
import Testing
@testable import FerryTransfer

#if canImport(Glibc)
import Glibc
#endif

/// The sender's line when a receiver's ferryd dies or the network drops mid-transfer (Tests/LAN/faults
/// showed "cannot reach Ferry B: uncleanShutdown" and "read(descriptor:pointer:size:) … (errno: 104)").
@Suite struct ConnectionFailureTests {
    @Test(arguments: [NIOSSLError.uncleanShutdown as any Error, ChannelError.eof, ChannelError.ioOnClosedChannel])
    func aConnectionClosedMidwayIsSaidInWords(_ error: any Error) {
        let line = ConnectionFailure.describe(error)
        #expect(line.hasPrefix("the connection closed mid-way"), "\(line)")
    }

    @Test func aResetNamesNeitherTheCallNorTheErrno() {
        let line = ConnectionFailure.describe(IOError(errnoCode: ECONNRESET, reason: "read(descriptor:pointer:size:)"))
        #expect(line.hasPrefix("the connection was reset"), "\(line)")
        #expect(!line.contains("descriptor") && !line.contains("errno"))
    }

    @Test func anUnknownErrorKeepsItsOwnDescription() {
        #expect(ConnectionFailure.describe(ChannelError.inappropriateOperationForState) == "\(ChannelError.inappropriateOperationForState)")
    }
}
