#if canImport(Glibc)
import Glibc
#endif

/// A pipe holding one launch token, its write end already closed: the child inherits the read end
/// (`FERRY_LAUNCH_TOKEN_FD`), and the first read empties it. Unlike the environment, which any
/// process of the user can read in /proc/PID/environ for the app's whole life.
struct TokenPipe {
    /// ferryd's copy of the read end, to pass to the spawn and close after it.
    let readEnd: Int32

    init(_ token: String) throws(DaemonError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw DaemonError.failedToStart("cannot create the launch token's pipe: \(Self.reason())") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // A token is far smaller than a pipe's buffer: this write never blocks.
        let bytes = Array(token.utf8)
        let written = write(ends[1], bytes, bytes.count)
        let reason = Self.reason()
        _ = Glibc.close(ends[1])
        guard written == bytes.count else {
            _ = Glibc.close(ends[0])
            throw DaemonError.failedToStart("cannot write the launch token: \(reason)")
        }
        readEnd = ends[0]
    }

    func closeReadEnd() {
        _ = Glibc.close(readEnd)
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
