import FerryCore
import Logging
import Testing
@testable import FerryDaemon

#if canImport(Glibc)
import Glibc
#endif

@Suite struct AppRecordsTests {
    private func temporarySocket() -> String {
        var template = Array("/tmp/ferry-records-XXXXXX".utf8CString)
        let folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        return folder + "/ferryd.sock"
    }

    private func sleeper() throws -> pid_t {
        try Launcher.spawn("/bin/sleep", arguments: ["sleep", "30"], environment: [:])
    }

    @Test func aPreviousDaemonsAppIsEndedEvenWhenStopped() throws {
        let records = AppRecords(socketPath: temporarySocket())
        let pid = try sleeper()
        records.started(pid, app: "com.test.a")
        kill(pid, SIGSTOP)
        #expect(records.endOrphans(grace: .seconds(1), logger: Logger(label: "test")) == [pid])
        #expect(Launcher.wait(for: pid) == .signalled(SIGTERM))
        #expect(access(records.folder + "/\(pid)", F_OK) != 0)
    }

    @Test func aReusedPidIsLeftAlone() throws {
        let records = AppRecords(socketPath: temporarySocket())
        let pid = try sleeper()
        defer { kill(pid, SIGKILL); _ = Launcher.wait(for: pid) }
        mkdir(records.folder, 0o700)
        // Another process had this pid before: its start time differs.
        let fd = open(records.folder + "/\(pid)", O_WRONLY | O_CREAT, 0o600)
        _ = write(fd, "1 com.test.old\n", 15)
        close(fd)
        #expect(records.endOrphans(grace: .milliseconds(100), logger: Logger(label: "test")).isEmpty)
        #expect(AppRecords.runs(pid))
        #expect(access(records.folder + "/\(pid)", F_OK) != 0)
    }
}
