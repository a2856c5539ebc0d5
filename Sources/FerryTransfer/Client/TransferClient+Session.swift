import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension TransferClient {
    /// One offer's conversation on an open connection.
    struct Session {
        /// The receiver's name, for messages.
        let receiver: String
        let files: [LocalFile]
        let offer: TransferOffer
        let events: @Sendable (TransferEvent) -> Void
        /// Where the receiver's id for the offer goes once known, to cancel it.
        var opened = OpenedOffer()
        /// Where the finish is noted until its answer comes; nil notes nothing.
        var pending: PendingFinish?

        func run(_ exchange: inout HTTPExchange) async throws -> SendOutcome {
            let body = offer.json()
            var answer: OfferAnswer = try decode(try await exchange.request(.POST, "/ferry/v1/offers", body: body))
            opened.id = answer.offer
            while answer.status == "pending" {
                events(.waiting)
                answer = try decode(try await exchange.request(.GET, "/ferry/v1/offers/\(answer.offer)?wait=25"))
            }
            guard answer.status == "accepted" else { return .declined(answer.message ?? "\(receiver) declined") }
            let total = offer.totalSize
            let resumed = try answer.resumedBytes(of: offer, from: receiver)
            events(.accepted(totalBytes: total, resumedBytes: resumed))
            var sent = resumed
            let decisions = Dictionary(answer.files.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            // Also files with nothing left to send (an empty file, or one kept whole from an earlier
            // attempt): the empty upload is what makes the receiver check it and count it received.
            let steps = UploadPlan.steps(sizes: offer.files.map(\.size), decisions: offer.files.map { decisions[$0.id] })
            var inFlight: [UploadStep] = []
            var weight = 0
            for step in steps {
                if weight + step.weight > Self.window {
                    // Half a window of answers at a time, so that the next uploads go out many to a flush.
                    while weight > Self.window / 2 {
                        let done = inFlight.removeFirst()
                        weight -= done.weight
                        try receipts(for: done, try await exchange.response())
                    }
                }
                do {
                    try await send(step, offer: answer.offer, sent: &sent, total: total, &exchange)
                } catch {
                    // The receiver may have refused this file or an earlier one (a full disk) and
                    // closed: its answers say why.
                    exchange.discardQueued()
                    for earlier in inFlight { try receipts(for: earlier, try await exchange.response()) }
                    if let response = try? await exchange.response() { try receipts(for: step, response) }
                    throw error
                }
                inFlight.append(step)
                weight += step.weight
            }
            for step in inFlight { try receipts(for: step, try await exchange.response()) }
            return .delivered(try await finish(answer.offer, &exchange))
        }

        /// Files whose uploads are sent before their answers are read: HTTP/1.1 pipelining, so many
        /// small files do not each wait a round trip. Answers are small (about 100 bytes a file, so
        /// 384 fit in any socket buffer), so neither side can block the other.
        static let window = 384

        /// Queues one step's upload.
        func send(_ step: UploadStep, offer: String, sent: inout UInt64, total: UInt64, _ exchange: inout HTTPExchange) async throws {
            switch step {
            case .single(let index, let offset):
                try await upload(files[index], self.offer.files[index], from: offset, offer: offer, sent: &sent, total: total, &exchange)
            case .batch(let indexes):
                try await uploadBatch(indexes, offer: offer, sent: &sent, total: total, &exchange)
            }
        }

        func upload(_ file: LocalFile, _ offered: OfferedFile, from offset: UInt64, offer: String,
                    sent: inout UInt64, total: UInt64, _ exchange: inout HTTPExchange) async throws {
            let fd = open(file.path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw TransferError(.failed, "cannot read \(file.path): \(String(cString: strerror(errno)))") }
            defer { close(fd) }
            var fileSent = offset
            var totalSent = sent
            let events = self.events
            do {
                try await exchange.sendUpload("/ferry/v1/offers/\(offer)/files/\(offered.id)", fd: fd, offset: offset,
                                              length: file.size - offset, digestTrailer: file.sha256 == nil) { count in
                    fileSent += count
                    totalSent += count
                    events(.progress(file: offered.path, fileSent: fileSent, fileSize: file.size, totalSent: totalSent, totalBytes: total))
                }
            } catch let error as TransferError {
                throw error
            } catch {
                throw TransferError(.failed, "the connection to \(receiver) broke after \(fileSent) of \(file.size) bytes of \(offered.path) (\(error)); send it again to resume")
            }
            sent = totalSent
        }

        /// Checks a step's answer: one receipt per file.
        func receipts(for step: UploadStep, _ response: (Int, [UInt8])) throws {
            switch step {
            case .single(let index, _):
                let _: UploadReceipt = try decode(response)
                events(.filesDone([offer.files[index].path]))
            case .batch(let indexes):
                let receipt: BatchReceipt = try decode(response)
                guard receipt.files.map(\.id) == indexes.map({ offer.files[$0].id }) else {
                    throw TransferError(.failed, "\(receiver) answered a batch upload with receipts for other files")
                }
                events(.filesDone(indexes.map { offer.files[$0].path }))
            }
        }

        func decode<T: TransferJSON>(_ response: (Int, [UInt8])) throws -> T {
            try TransferClient.decodeBody(response, from: receiver)
        }
    }

    /// The JSON answer of a 200 response, or the receiver's error as a ``TransferError``.
    static func decode<T: Decodable>(_ response: (Int, [UInt8]), from receiver: String) throws -> T {
        let (status, body) = response
        if status == 200, let value = try? JSONDecoder().decode(T.self, from: Data(body)) { return value }
        throw refusal(response, from: receiver)
    }
}
