import Testing
import FerryTestSupport
@testable import FerryTransfer

/// Offsets and sizes are the peer's numbers: the ones no file can hold are refused, not trapped on.
@Suite struct StagedFileTests {
    let scratch: TemporaryFolder
    let staging: StagingArea

    init() throws {
        scratch = try TemporaryFolder()
        staging = try StagingArea(directory: scratch.path + "/staging")
    }

    @Test(arguments: [UInt64.max, UInt64.max - 1, UInt64(Int64.max) + 1])
    func aResumeOffsetPastWhatAFileHoldsIsRefused(offset: UInt64) {
        #expect { try StagedFile.open(in: staging, name: "x.part", size: .max, expected: nil, offset: offset) } throws: { error in
            (error as? TransferError)?.code == .badRequest && (error as? TransferError)?.message.contains("\(offset)") == true
        }
    }

    @Test func anOffsetPastTheSizeIsRefused() {
        #expect(throws: TransferError.self) { try StagedFile.open(in: staging, name: "y.part", size: 10, expected: nil, offset: 11) }
    }

    @Test func bytesPastTheOfferedSizeAreRefused() throws {
        let staged = try StagedFile.open(in: staging, name: "z.part", size: 3, expected: nil, offset: 0)
        let bytes: [UInt8] = [1, 2]
        try bytes.withUnsafeBytes { try staged.append($0) }
        #expect { try bytes.withUnsafeBytes { try staged.append($0) } } throws: { error in
            (error as? TransferError)?.message.contains("longer than the offered 3 bytes") == true
        }
        #expect(staged.written == 2)
    }
}

/// The receiver's own sums over the peer's numbers.
@Suite struct ReceiverArithmeticTests {
    @Test func theTotalOfAPendingOfferSaturates() {
        let files = [UInt64.max, 1, 5].enumerated().map { OfferedFile(id: "\($0.offset)", path: "a", size: $0.element, sha256: nil) }
        #expect(Receiver.saturatingTotal(files) == .max)
        #expect(Receiver.saturatingTotal(Array(files.dropFirst())) == 6)
    }

    @Test func anUploadAtAnOffsetNearTheTopIsAnOffsetMismatch() async throws {
        let scratch = try TemporaryFolder()
        let host = TestHost(root: scratch.path)
        let receiver = Receiver(host: host, staging: try StagingArea(directory: scratch.path + "/staging"), limits: Loopback.smallReserve)
        let peer = String(repeating: "a", count: 64)
        host.state.withLock { $0.trusted[peer] = TrustedPeer(fingerprint: peer, name: "p", autoAccept: true) }
        let file = OfferedFile(id: "f0", path: "a.bin", size: 100, sha256: String(repeating: "0", count: 64))
        let id = try await receiver.offer(TransferOffer(sender: "s", files: [file]), from: peer).offer
        await #expect { try await receiver.beginUpload(offer: id, file: "f0", offset: .max - 1, peer: peer) } throws: { error in
            (error as? TransferError)?.code == .offsetMismatch && (error as? TransferError)?.offset == 0
        }
    }
}
