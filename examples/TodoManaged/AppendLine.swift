#if canImport(Glibc)
import Glibc
#endif

/// Appends `line` and a newline to the file at `path`, creating it.
///
/// - Returns: Whether it was written; a failure is also reported on stderr.
@discardableResult
func appendLine(_ line: String, to path: String) -> Bool {
    let bytes = Array((line + "\n").utf8)
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    let written = fd < 0 ? -1 : bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    if fd >= 0 { close(fd) }
    guard written == bytes.count else {
        let message = Array("todo-managed: cannot write \(path): \(String(cString: strerror(errno)))\n".utf8)
        _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        return false
    }
    return true
}
