import FerryCore

/// One launch's part in state preservation: the saved state handed to it at spawn, whether the
/// app said in `hello` that it speaks the state frames, and the archive it is sending.
struct Preservation: Sendable {
    /// `hello` carried `restoration: true`.
    var speaksRestoration = false
    /// The saved state of this launch being decrypted into the memory file it inherited: what
    /// is known about it once done, nil when none could be handed over.
    var preparing: Task<ArchiveInfo?, Never>?
    /// The `encodeRestorableState` event whose state is arriving.
    var uploadID: Int?
    var bytes: [UInt8] = []
    var info: ArchiveInfo?
    /// More than ``AppReply/maximumArchiveSize`` arrived: the upload is refused.
    var overflowed = false

    /// A connection for this launch arrived; the state being prepared for it stays.
    mutating func connected(speaksRestoration: Bool) {
        self.speaksRestoration = speaksRestoration
        expect(-1)
    }

    /// Starts receiving the state of event `id`.
    mutating func expect(_ id: Int) {
        uploadID = id
        bytes = []
        info = nil
        overflowed = false
    }

    /// Takes a `state-data` chunk or the `reply` that ends an upload. - Returns: Whether it belongs here.
    mutating func receive(_ message: Envelope<AppReply>) -> Bool {
        guard message.id == uploadID else { return false }
        switch message.body {
        case .reply(let reply):
            info = reply.archive
        case .stateData(let chunk):
            guard let bytes = chunk.archiveBytes else {
                overflowed = true
                return true
            }
            if self.bytes.count + bytes.count > AppReply.maximumArchiveSize { overflowed = true }
            if !overflowed { self.bytes += bytes }
        case .backgroundTask:
            return false
        }
        return true
    }
}

/// Compares dotted versions (`1.10` after `1.9`) component by component, numbers as numbers.
enum BundleVersion {
    /// Whether `version` is newer than `installed`.
    static func isNewer(_ version: String, than installed: String) -> Bool {
        let a = version.split(separator: "."), b = installed.split(separator: ".")
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? a[index] : "0", right = index < b.count ? b[index] : "0"
            if let l = Int(left), let r = Int(right) {
                if l != r { return l > r }
            } else if left != right {
                return left > right
            }
        }
        return false
    }
}

extension Duration {
    var microseconds: Int64 {
        components.seconds * 1_000_000 + components.attoseconds / 1_000_000_000_000
    }
}
