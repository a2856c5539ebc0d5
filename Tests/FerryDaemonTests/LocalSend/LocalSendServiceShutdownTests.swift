import Testing
@testable import FerryDaemon

/// A clean `kill -TERM` of ferryd logged `error … CancellationError() … localsend multicast
/// discovery is off` (issue 29): a shutdown's cancellation is the normal end of discovery.
@Suite struct LocalSendServiceShutdownTests {
    struct SocketGone: Error {}

    @Test func aShutdownsCancellationLogsNothing() {
        let record = LogRecord()
        LocalSendService.multicastEnded(CancellationError(), logger: record.logger)
        #expect(record.lines.isEmpty)
    }

    @Test func anyOtherEndIsLoggedOnce() {
        let record = LogRecord()
        LocalSendService.multicastEnded(SocketGone(), logger: record.logger)
        #expect(record.lines == ["localsend multicast discovery is off"])
    }
}
