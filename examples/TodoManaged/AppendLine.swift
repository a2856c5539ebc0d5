#if canImport(Glibc)
import Glibc
#endif

/// Appends `line` and a newline to the file at `path`, creating it.
///
/// - Returns: Whether it was written; a failure is also reported on stderr.
@discardableResult
func appendLine(_ line: String, to path: String) -> Bool {
    writeBytes(Array((line + "\n").utf8), to: path, flags: O_APPEND)
}

/// Replaces the file at `path` with `text`.
@discardableResult
func writeFile(_ text: String, to path: String) -> Bool {
    writeBytes(Array(text.utf8), to: path, flags: O_TRUNC)
}

private func writeBytes(_ bytes: [UInt8], to path: String, flags: Int32) -> Bool {
    let fd = open(path, O_WRONLY | flags | O_CREAT | O_CLOEXEC, 0o644)
    let written = fd < 0 ? -1 : bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    if fd >= 0 { close(fd) }
    guard written == bytes.count else {
        let message = Array("todo-managed: cannot write \(path): \(String(cString: strerror(errno)))\n".utf8)
        _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        return false
    }
    return true
}
