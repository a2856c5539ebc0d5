#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The launch token ferryd hands over on an inherited pipe (`FERRY_LAUNCH_TOKEN_FD`), not in the
/// environment: other processes of the user can read `/proc/PID/environ`, and a pipe is emptied by
/// the first read. Read once, then the descriptor is closed.
enum InheritedToken {
    /// The token on `fd`, read to its end, and `fd` closed; nil when the descriptor holds none.
    static func take(_ fd: Int32) -> String? {
        guard let token = readToEnd(fd) else { return nil }
        close(fd)
        return token
    }

    private static func readToEnd(_ fd: Int32) -> String? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 128)
        while bytes.count < 1024 {
            let count = read(fd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk.prefix(count)
        }
        let token = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
        return token.isEmpty ? nil : token
    }
}

private extension String {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
