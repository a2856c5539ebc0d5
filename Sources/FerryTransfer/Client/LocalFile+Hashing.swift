import Dispatch
import FoundationEssentials

extension LocalFile {
    /// Fills in the SHA-256 of every file whose size is in `sizes`, the files spread over all cores:
    /// 10,000 small files are mostly open/read/close, which one core alone does at half the speed.
    ///
    /// - Throws: ``TransferError`` naming the first file (in order) that cannot be read.
    static func hashAll(_ files: inout [LocalFile], sizes: ClosedRange<UInt64>) throws(TransferError) {
        let wanted = files.indices.filter { sizes.contains(files[$0].size) }
        guard !wanted.isEmpty else { return }
        let paths = wanted.map { files[$0].path }
        let sizes = wanted.map { files[$0].size }
        let results = Slots(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            results.slots[index] = Result { () throws(TransferError) in try digest(paths[index], size: sizes[index]) }
        }
        for (slot, index) in wanted.enumerated() {
            files[index].sha256 = try results.slots[slot]!.get()
        }
    }

    /// One result per file. Unchecked Sendable: each iteration writes only its own slot, and the
    /// slots are read after `concurrentPerform` has returned.
    private final class Slots: @unchecked Sendable {
        let slots: UnsafeMutableBufferPointer<Result<String, TransferError>?>

        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil)
        }

        deinit {
            slots.deinitialize()
            slots.deallocate()
        }
    }
}
