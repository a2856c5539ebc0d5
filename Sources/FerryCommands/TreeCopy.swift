import FerryCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Copies a file or folder tree for `ferry install`, keeping modes and symbolic links; the copy
/// belongs to whoever runs it. FileManager.copyItem on Linux copies, then fails with EPERM setting
/// the owner of a tree another user owns (swift-foundation#1125): a normal user could not install
/// an app from a system folder, and got a CocoaError dump for it.
enum TreeCopy {
    static func copy(_ source: String, to destination: String) throws {
        var info = stat()
        guard lstat(source, &info) == 0 else { throw failure(source, destination) }
        let mode = mode_t(info.st_mode) & 0o777  // no set-id bits on a copy
        switch mode_t(info.st_mode) & S_IFMT {
        case S_IFDIR:
            guard mkdir(destination, 0o700) == 0 else { throw failure(source, destination) }
            let entries: [String]
            do { entries = try FileManager.default.contentsOfDirectory(atPath: source) } catch {
                throw CommandFailure(message: "cannot read the folder \(source); check its permissions", exit: FerryExit.cannotWrite)
            }
            for entry in entries { try copy(source + "/" + entry, to: destination + "/" + entry) }
            guard chmod(destination, mode) == 0 else { throw failure(source, destination) }
        case S_IFLNK:
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: source),
                  symlink(target, destination) == 0 else { throw failure(source, destination) }
        case S_IFREG:
            try copyFile(source, to: destination, mode: mode)
        default:
            throw CommandFailure(message: "\(source) is neither a file, a folder nor a symbolic link; remove it from the app", exit: FerryExit.badConfiguration)
        }
    }

    private static func copyFile(_ source: String, to destination: String, mode: mode_t) throws {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw failure(source, destination) }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard output >= 0 else { throw failure(source, destination) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 { if errno == EINTR { continue }; throw failure(source, destination) }
            var done = 0
            while done < count {
                let written = buffer.withUnsafeBytes { write(output, $0.baseAddress! + done, count - done) }
                if written < 0 { if errno == EINTR { continue }; throw failure(source, destination) }
                done += written
            }
        }
        // The mode open() got was cut by the umask; the app's own modes (its executable bits) count.
        guard fchmod(output, mode) == 0 else { throw failure(source, destination) }
    }

    private static func failure(_ source: String, _ destination: String) -> CommandFailure {
        CommandFailure(message: "cannot copy \(source) to \(destination): \(String(cString: strerror(errno)))", exit: FerryExit.cannotWrite)
    }
}
