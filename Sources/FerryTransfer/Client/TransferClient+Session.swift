import Foundation

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

        func run(_ exchange: inout HTTPExchange) async throws -> SendOutcome {
            var answer: OfferAnswer = try decode(try await exchange.request(.POST, "/ferry/v1/offers", body: Array(try JSONEncoder().encode(offer))))
            while answer.status == "pending" {
                events(.waiting)
                answer = try decode(try await exchange.request(.GET, "/ferry/v1/offers/\(answer.offer)?wait=25"))
            }
            guard answer.status == "accepted" else { return .declined(answer.message ?? "\(receiver) declined") }
            let total = offer.totalSize
            let resumed = answer.files.reduce(0) { $0 + $1.offset }
            events(.accepted(totalBytes: total, resumedBytes: resumed))
            var sent = resumed
            var inFlight: [OfferedFile] = []
            let decisions = Dictionary(answer.files.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for (file, offered) in zip(files, offer.files) {
                // Also when nothing is left to send (an empty file, or one kept whole from an earlier
                // attempt): the empty upload is what makes the receiver check it and count it received.
                guard let decision = decisions[offered.id], decision.accept else { continue }
                if inFlight.count == Self.window {
                    // Half a window of answers at a time, so that the next uploads go out many to a flush.
                    while inFlight.count > Self.window / 2 { try await receipt(for: inFlight.removeFirst(), &exchange) }
                }
                do {
                    try await upload(file, offered, from: decision.offset, offer: answer.offer, sent: &sent, total: total, &exchange)
                } catch {
                    // The receiver may have refused this file or an earlier one (a full disk) and
                    // closed: its answers say why.
                    exchange.discardQueued()
                    for earlier in inFlight { try await receipt(for: earlier, &exchange) }
                    if let answer = try? await exchange.response() { let _: UploadReceipt = try decode(answer) }
                    throw error
                }
                inFlight.append(offered)
            }
            for offered in inFlight { try await receipt(for: offered, &exchange) }
            let receipt: OfferReceipt = try decode(try await exchange.request(.POST, "/ferry/v1/offers/\(answer.offer)/finish"))
            return .delivered(receipt)
        }

        /// Uploads sent before their answers are read: HTTP/1.1 pipelining, so many small files do
        /// not each wait a round trip. Answers are small (128 fit in any socket buffer), so neither
        /// side can block the other.
        static let window = 128

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

        func receipt(for offered: OfferedFile, _ exchange: inout HTTPExchange) async throws {
            let _: UploadReceipt = try decode(try await exchange.response())
            events(.fileDone(file: offered.path))
        }

        func decode<T: Decodable>(_ response: (Int, [UInt8])) throws -> T {
            try TransferClient.decode(response, from: receiver)
        }
    }

    /// The JSON answer of a 200 response, or the receiver's error as a ``TransferError``.
    static func decode<T: Decodable>(_ response: (Int, [UInt8]), from receiver: String) throws -> T {
        let (status, body) = response
        if status == 200, let value = try? JSONDecoder().decode(T.self, from: Data(body)) { return value }
        if let error = try? JSONDecoder().decode(ErrorBody.self, from: Data(body)) {
            throw TransferError(TransferError.Code(name: error.error.code), "\(receiver) refused: \(error.error.message)", offset: error.error.offset)
        }
        throw TransferError(.failed, "\(receiver) answered HTTP \(status) with a body this sender cannot read")
    }
}
