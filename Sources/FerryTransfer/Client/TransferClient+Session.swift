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
            guard answer.status == "accepted" else { return .declined(answer.message ?? "the receiver declined") }
            let total = offer.totalSize
            let resumed = answer.files.reduce(0) { $0 + $1.offset }
            events(.accepted(totalBytes: total, resumedBytes: resumed))
            var sent = resumed
            for (file, offered) in zip(files, offer.files) {
                guard let decision = answer.files.first(where: { $0.id == offered.id }), decision.accept else { continue }
                try await upload(file, offered, from: decision.offset, offer: answer.offer, sent: &sent, total: total, &exchange)
            }
            let receipt: OfferReceipt = try decode(try await exchange.request(.POST, "/ferry/v1/offers/\(answer.offer)/finish"))
            return .delivered(receipt)
        }

        func upload(_ file: LocalFile, _ offered: OfferedFile, from offset: UInt64, offer: String,
                    sent: inout UInt64, total: UInt64, _ exchange: inout HTTPExchange) async throws {
            guard offset < file.size else {
                events(.fileDone(file: offered.path))
                return
            }
            let fd = open(file.path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw TransferError(.failed, "cannot read \(file.path): \(String(cString: strerror(errno)))") }
            defer { close(fd) }
            var fileSent = offset
            var totalSent = sent
            let events = self.events
            let response: (Int, [UInt8])
            do {
                response = try await exchange.upload("/ferry/v1/offers/\(offer)/files/\(offered.id)", fd: fd, offset: offset,
                                                     length: file.size - offset) { count in
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
            let _: UploadReceipt = try decode(response)
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
