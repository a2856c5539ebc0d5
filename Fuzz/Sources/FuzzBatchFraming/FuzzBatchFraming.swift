import Crypto
@testable import FerryTransfer
import Foundation
import FuzzSupport
import NIOCore

/// The batch upload's framing (`PUT …/batch`): files back to back in the body, each optionally
/// followed by its SHA-256, cut into body parts anywhere. Input: byte 0 gives the file count (1–4,
/// low bits) and digest mode (high bit), then one size byte per file, one part-length byte, then
/// the files' bytes (and any extra). The batch succeeds exactly when the body holds the files
/// whole and nothing more, and then every staged file holds its bytes; otherwise it fails with a
/// TransferError, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = input(data, size)
    guard bytes.count >= 3 else { return 0 }
    let count = Int(bytes[0] & 3) + 1, digests = bytes[0] & 0x80 != 0
    guard bytes.count >= 2 + count else { return 0 }
    let sizes = bytes[1...count].map { Int($0) }
    let partLength = Int(bytes[count + 1]) % 64 + 1
    let content = Array(bytes[(count + 2)...])
    let contents = split(content, sizes: sizes)
    var body: [UInt8] = []
    for (index, file) in contents.enumerated() {
        body += file
        if digests && file.count == sizes[index] { body += Array(SHA256.hash(data: file)) }
    }
    body += content.dropFirst(sizes.reduce(0, +))
    let files = sizes.indices.map { batchFile($0, size: sizes[$0], bytes: contents.indices.contains($0) ? contents[$0] : []) }
    let outcome = run(BatchCursor(files: files[...], inlineDigests: digests), body: body, partLength: partLength, files: count)
    let whole = content.count == sizes.reduce(0, +)
    invariant(outcome.succeeded == whole, "sizes \(sizes), \(content.count) bytes of content, digests \(digests): \(outcome.message)")
    if outcome.succeeded {
        invariant(outcome.message == "succeeded", "sizes \(sizes): \(outcome.message)")
        for (index, file) in contents.enumerated() {
            let staged = readFile(staging.path + "/f\(index)")
            invariant(staged == file, "file \(index) of sizes \(sizes) staged as \(staged?.count ?? -1) bytes, not \(file.count)")
        }
    }
    return 0
}

/// The file's bytes, read with POSIX calls (FileManager's read leaks 4 KB per call under LeakSanitizer).
private func readFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = read(fd, &bytes, bytes.count)
    return count >= 0 ? Array(bytes[..<count]) : nil
}

/// Feeds `body` in parts of `partLength` bytes, as NIO hands them over, then ends it.
private func run(_ cursor: BatchCursor, body: [UInt8], partLength: Int, files: Int) -> (succeeded: Bool, message: String) {
    var cursor = cursor
    do {
        try cursor.advance()
        var offset = 0
        while offset < body.count {
            let end = min(offset + partLength, body.count)
            try cursor.take(ByteBuffer(bytes: body[offset..<end]))
            offset = end
        }
        try cursor.advance()
        try cursor.end()
        return (true, cursor.receipts.count == files ? "succeeded" : "succeeded with \(cursor.receipts.count) receipts")
    } catch {
        return (false, "failed: \(error)")
    }
}

/// The files' bytes as far as `content` reaches: whole files, then at most one cut short.
private func split(_ content: [UInt8], sizes: [Int]) -> [[UInt8]] {
    var files: [[UInt8]] = [], offset = 0
    for size in sizes {
        let end = min(offset + size, content.count)
        files.append(Array(content[offset..<end]))
        offset = end
        if files.last!.count < size { break }
    }
    return files
}

private func batchFile(_ index: Int, size: Int, bytes: [UInt8]) -> BatchFile {
    let digest = bytes.count == size ? SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined() : nil
    return BatchFile(id: "f\(index)", position: index, folder: stagingHandle, name: "f\(index)",
                     path: staging.path + "/f\(index)", treePath: nil, flatName: "f\(index)", size: UInt64(size), sha256: digest)
}

/// A staging folder of this process's own.
private let staging: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-fuzz-batch-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}()
private let stagingHandle = DirectoryHandle.open(staging.path)!

@_cdecl("FuzzBatchFraming_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
