import FerryCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// `ferry send --text "…"` and `ferry send -` (stdin), as croc and kdeconnect-cli do: the text is
/// written to a file ferryd can read and sent like any file, then removed. The folder is under
/// `$XDG_DATA_HOME/ferry/outgoing/`, not /tmp: a ferryd under systemd has a /tmp of its own.
struct OutgoingText: Sendable {
    let folder: String
    let path: String

    /// Writes `text` as `text.txt`.
    static func text(_ text: String, dataHome: String) throws -> OutgoingText {
        let outgoing = try make(name: "text.txt", dataHome: dataHome)
        try outgoing.write { fd in Descriptor.writeAll(fd, Array(text.utf8)) }
        return outgoing
    }

    /// Copies stdin, to its end, into `stdin.txt`.
    static func standardInput(dataHome: String) throws -> OutgoingText {
        let outgoing = try make(name: "stdin.txt", dataHome: dataHome)
        try outgoing.write { fd in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return count == 0 }
                guard buffer.withUnsafeBytes({ Descriptor.writeAll(fd, UnsafeRawBufferPointer(rebasing: $0[..<count])) }) else { return false }
            }
        }
        return outgoing
    }

    private static func make(name: String, dataHome: String) throws -> OutgoingText {
        let parent = dataHome + "/ferry/outgoing"
        makeFolders(parent)
        var template = Array((parent + "/text-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CommandFailure(message: "cannot make a folder in \(parent) for the text to send: \(String(cString: strerror(errno)))",
                                 exit: FerryExit.cannotWrite)
        }
        let folder = String(cString: made)
        return OutgoingText(folder: folder, path: folder + "/" + name)
    }

    private func write(_ body: (Int32) -> Bool) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("cannot create") }
        let written = body(fd)
        let code = errno
        close(fd)
        guard written else {
            remove()
            errno = code
            throw failure("cannot write")
        }
    }

    private func failure(_ what: String) -> CommandFailure {
        CommandFailure(message: "\(what) \(path) for the text to send: \(String(cString: strerror(errno)))", exit: FerryExit.cannotWrite)
    }

    /// Removes the file and its folder.
    func remove() {
        unlink(path)
        rmdir(folder)
    }
}
