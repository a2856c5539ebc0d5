extension TransferClient.Session {
    /// Queues the whole small files at `indexes` as one batch upload.
    func uploadBatch(_ indexes: [Int], offer id: String, sent: inout UInt64, total: UInt64, _ exchange: inout HTTPExchange) async throws {
        let offered = indexes.map { offer.files[$0] }
        var totalSent = sent
        let events = self.events
        do {
            try await exchange.sendBatch("/ferry/v1/offers/\(id)/batch", ids: offered.map(\.id), paths: indexes.map { files[$0].path },
                                         sizes: offered.map(\.size)) { done in
                let file = offered[done]
                totalSent += file.size
                events(.progress(file: file.path, fileSent: file.size, fileSize: file.size, totalSent: totalSent, totalBytes: total))
            }
        } catch let error as TransferError {
            throw error
        } catch {
            throw TransferError(.failed, "the connection to \(receiver) broke while sending \(offered.count) small files from \(offered[0].path) on (\(error)); send them again to resume")
        }
        sent = totalSent
    }
}
