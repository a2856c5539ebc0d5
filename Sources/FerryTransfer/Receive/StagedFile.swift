import Crypto
import FerryProtocol
import FoundationEssentials
import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// One file being received into the staging area: appended to, hashed as it grows, checked
/// against the offered SHA-256 and synced before it may go to an Inbox.
///
/// Unchecked Sendable: one connection owns it from ``open(in:name:size:expected:offset:)`` to
/// ``finish()``; it is only handed over, never shared.
public final class StagedFile: @unchecked Sendable {
    /// The folder the file is in (the staging area, or an offer's tree in it), its name there and
    /// its path, for messages.
    let folder: DirectoryHandle
    let name: String
    public let path: String
    /// The offered size and SHA-256.
    let size: UInt64
    let expected: String?
    private let fd: Int32
    private var hasher = SHA256()
    /// Bytes in the file so far.
    public private(set) var written: UInt64

    private init(folder: DirectoryHandle, name: String, path: String, fd: Int32, size: UInt64, expected: String?) {
        self.folder = folder
        self.name = name
        self.path = path
        self.fd = fd
        self.size = size
        self.expected = expected
        self.written = 0
    }

    deinit { close(fd) }

    /// Opens the partial file `name` in the staging area to continue at `offset`: the bytes before
    /// it are kept (and hashed again), any after it are dropped.
    static func open(in staging: StagingArea, name: String, size: UInt64, expected: String?, offset: UInt64) throws(TransferError) -> StagedFile {
        try open(in: staging.folder, name: name, path: staging.directory + "/" + name, size: size, expected: expected, offset: offset)
    }

    /// ``open(in:name:size:expected:offset:)`` for the file `name` in `folder`.
    static func open(in folder: DirectoryHandle, name: String, path: String, size: UInt64, expected: String?,
                     offset: UInt64) throws(TransferError) -> StagedFile {
        // Offsets come from the peer: one past what a file offset holds is refused, not trapped on.
        guard offset <= size, offset <= UInt64(Int64.max) else {
            throw TransferError(.badRequest, "cannot resume \(path) at byte \(offset): past its \(size) bytes or any file's length")
        }
        // From byte 0 (every file of a batch upload), truncating at open spares two calls. A file
        // kept whole is only read again: it may be read-only already (``finish(trailer:readOnly:)``).
        let flags = offset == 0 ? O_WRONLY | O_TRUNC : offset == size ? O_RDONLY : O_RDWR
        let fd = openat(folder.fd, name, flags | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw TransferError(.failed, "cannot stage \(path): \(String(cString: strerror(errno)))") }
        let file = StagedFile(folder: folder, name: name, path: path, fd: fd, size: size, expected: expected)
        guard offset > 0 else { return file }
        guard flags == O_RDONLY || ftruncate(fd, off_t(offset)) == 0 else {
            throw TransferError(.failed, "cannot stage \(file.path): \(String(cString: strerror(errno)))")
        }
        try file.rehash(upTo: offset)
        return file
    }

    private func rehash(upTo offset: UInt64) throws(TransferError) {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while written < offset {
            let want = Int(min(UInt64(buffer.count), offset - written))
            let got = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, want, off_t(written)) }
            guard got > 0 else { throw TransferError(.failed, "cannot read back \(path)") }
            buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<got])) }
            written += UInt64(got)
        }
        guard lseek(fd, off_t(offset), SEEK_SET) >= 0 else { throw TransferError(.failed, "cannot seek in \(path)") }
    }

    /// ``append(_:)-(UnsafeRawBufferPointer)`` on NIO's thread pool (``FileWork``): a stalled disk
    /// holds a pool thread, not one of the cooperative threads every actor runs on.
    public func append(_ buffer: ByteBuffer) async throws(TransferError) {
        try await append([buffer])
    }

    /// Appends `buffers` in order, in one trip to the thread pool: each trip wakes three threads,
    /// and a 1 GiB upload comes in about 8,000 body parts.
    public func append(_ buffers: [ByteBuffer]) async throws(TransferError) {
        guard !buffers.isEmpty else { return }
        try await FileWork.run("store the upload in \(path)") { () throws(TransferError) in
            for buffer in buffers {
                try buffer.withUnsafeReadableBytes { bytes throws(TransferError) in try self.append(bytes) }
            }
        }
    }

    /// Appends bytes; refuses more than the offered size.
    public func append(_ bytes: UnsafeRawBufferPointer) throws(TransferError) {
        // `written` never passes `size`, so the subtraction cannot wrap where a sum could.
        guard UInt64(bytes.count) <= size - written else {
            throw TransferError(.badRequest, "the upload is longer than the offered \(size) bytes")
        }
        guard Descriptor.writeAll(fd, bytes) else {
            let reason = errno == ENOSPC ? "the disk is full" : String(cString: strerror(errno))
            throw TransferError(errno == ENOSPC ? .noSpace : .failed, "cannot store the upload: \(reason)")
        }
        hasher.update(bufferPointer: bytes)
        written += UInt64(bytes.count)
    }

    /// Checks the size and SHA-256. A wrong hash deletes the partial data: it cannot be resumed
    /// from. The data reaches the disk with the offer's one `syncfs` (``StagingArea/sync()``), before
    /// any file moves into an Inbox: one sync per offer instead of one per file.
    /// - Parameter trailer: The SHA-256 sent with the bytes (the upload's `Ferry-SHA256` trailer, or
    ///   the digest after the file in a batch), for a file offered without its hash.
    /// - Parameter readOnly: Make the checked file read-only now (mode 0444): a file staged in an
    ///   offer's tree moves into the Inbox inside its folder, never by itself.
    public func finish(trailer: String? = nil, readOnly: Bool = false) throws(TransferError) -> String {
        guard written == size else {
            throw TransferError(.badRequest, "the upload ended after \(written) of \(size) bytes; offer the file again to resume")
        }
        // The offer's hash and the one sent with the bytes must both hold, when both are there.
        let announced = [expected, trailer?.lowercased()].compactMap { $0 }
        guard !announced.isEmpty else {
            throw TransferError(.badRequest, "no SHA-256 for this file: neither in the offer nor sent with its bytes (Ferry-SHA256 trailer, Ferry-Digests)")
        }
        let digest = Array(hasher.finalize()).hexString
        if let wrong = announced.first(where: { $0 != digest }) {
            unlinkat(folder.fd, name, 0)
            throw TransferError(.hashMismatch, "the received bytes hash to \(digest), not the announced \(wrong); the partial data was dropped")
        }
        if readOnly { fchmod(fd, 0o444) }
        return digest
    }
}
