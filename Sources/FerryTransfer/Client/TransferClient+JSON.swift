extension TransferClient {
    /// The body of a 200 response, by its hand-written decoder, or the receiver's error as a
    /// ``TransferError`` (the pair messages use the Codable `decode`).
    static func decodeBody<T: TransferJSON>(_ response: (Int, [UInt8]), from receiver: String) throws(TransferError) -> T {
        let (status, body) = response
        guard status == 200 else { throw refusal(response, from: receiver) }
        do { return try T(json: body) } catch {
            throw TransferError(.failed, "\(receiver) answered with a body this sender cannot read (\(error))")
        }
    }

    /// The receiver's error body as a ``TransferError``.
    static func refusal(_ response: (Int, [UInt8]), from receiver: String) -> TransferError {
        let (status, body) = response
        guard let error = try? ErrorBody(json: body) else {
            return TransferError(.failed, "\(receiver) answered HTTP \(status) with a body this sender cannot read")
        }
        return TransferError(TransferError.Code(name: error.error.code), "\(receiver) refused: \(error.error.message)", offset: error.error.offset)
    }
}
