import Crypto
import FerryTransfer
import FoundationEssentials
import NIOCore

extension LocalSendSessions {
    /// A text share's whole text, when the offer is one (one `text/*` file whose preview is all of
    /// it): LocalSend apps send messages so and expect 204, with nothing to upload.
    static func wholeText(_ request: PrepareUploadRequest) -> [UInt8]? {
        guard request.files.count == 1, let file = request.files.values.first, file.fileType?.hasPrefix("text/") ?? false,
              let preview = file.preview, UInt64(preview.utf8.count) == file.size else { return nil }
        return Array(preview.utf8)
    }

    /// Stages `text` as the offer's one file and delivers it, as an upload would.
    ///
    /// - Throws: 422 when the text does not match the sha256 the sender gave; 500 when it cannot be delivered.
    func deliverText(_ text: [UInt8], offer: String, file: OfferedFile, peer: String) async throws(LocalSendError) {
        do throws(TransferError) {
            let staged = try await receiver.beginUpload(offer: offer, file: file.id, offset: 0, peer: peer)
            do throws(TransferError) { try await staged.append(ByteBuffer(bytes: text)) } catch {
                _ = try? await receiver.endUpload(offer: offer, file: file.id, staged: staged, complete: false)
                throw error
            }
            // Without a hash from the sender, ours of the text (as for an upload without one).
            let digest = file.sha256 == nil ? Array(SHA256.hash(data: text)).hexString : nil
            _ = try await receiver.endUpload(offer: offer, file: file.id, staged: staged, complete: true, trailer: digest)
            _ = try await receiver.finish(offer: offer, peer: peer)
        } catch {
            try? await receiver.cancel(offer: offer, peer: peer)
            throw LocalSendError(error.code == .hashMismatch ? 422 : 500, "the shared text could not be delivered: \(error.message)")
        }
    }
}
