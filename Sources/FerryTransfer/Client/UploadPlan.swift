/// How the accepted files go up: small whole files many to a request (`PUT …/batch`, each file
/// followed by its SHA-256), the rest one to a request (large files, resumed files).
enum UploadStep: Equatable, Sendable {
    /// One file (its index in the offer) from `offset`.
    case single(Int, offset: UInt64)
    /// Whole files (their indexes), back to back in one body.
    case batch([Int])

    /// How many answers' worth of receipts the step brings back: what the pipelining window counts.
    var weight: Int {
        if case .batch(let indexes) = self { return indexes.count }
        return 1
    }
}

enum UploadPlan {
    /// Files up to this size are batched.
    static let batchableSize: UInt64 = 1 << 20
    /// A batch ends at this many files or bytes, whichever comes first.
    static let batchFiles = 128
    static let batchBytes: UInt64 = 1 << 20

    /// The steps for the files the answer accepted, in the offer's order.
    static func steps(sizes: [UInt64], decisions: [FileDecision?]) -> [UploadStep] {
        var steps: [UploadStep] = []
        var batch: [Int] = []
        var bytes: UInt64 = 0
        for index in sizes.indices {
            guard let decision = decisions[index], decision.accept else { continue }
            guard decision.offset == 0, sizes[index] <= batchableSize else {
                steps.append(.single(index, offset: decision.offset))
                continue
            }
            if batch.count == batchFiles || bytes + sizes[index] > batchBytes, !batch.isEmpty {
                steps.append(.batch(batch))
                batch = []
                bytes = 0
            }
            batch.append(index)
            bytes += sizes[index]
        }
        if !batch.isEmpty { steps.append(.batch(batch)) }
        return steps
    }
}
