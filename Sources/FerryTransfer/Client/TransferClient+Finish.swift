extension TransferClient.Session {
    /// Asks the receiver to move the offer into its Inbox. Once asked, the receiver finishes on its
    /// own: a connection lost now does not mean nothing arrived, so the line says so rather than
    /// "try again, the transfer resumes" (a resend after a finish delivers a second copy).
    ///
    /// - Throws: The receiver's refusal as it gave it; ``TransferError/Code/failed`` when the
    ///   connection broke before its answer came.
    func finish(_ id: String, _ exchange: inout HTTPExchange) async throws -> OfferReceipt {
        let response: (Int, [UInt8])
        do {
            response = try await exchange.request(.POST, "/ferry/v1/offers/\(id)/finish")
        } catch let error as TransferError {
            throw error
        } catch {
            throw TransferError(.failed, "lost the connection to \(receiver) while it was finishing; the files may already be in its Inbox, so look there before sending them again")
        }
        return try decode(response)
    }
}
