import Foundation
import Testing
@testable import FerryTransfer

@Suite struct OfferPolicyTests {
    let offer = TransferOffer(sender: "s", files: [OfferedFile(id: "f0", path: "a", size: 100, sha256: String(repeating: "a", count: 64))])
    let now = Date()
    let trusted = TrustedPeer(fingerprint: "x", name: "x")
    let asking = TrustedPeer(fingerprint: "x", name: "x", autoAccept: false)

    func verdict(_ trusted: TrustedPeer?, _ mode: ReceivingMode, free: UInt64 = 1 << 40) -> OfferPolicy.Verdict {
        OfferPolicy.verdict(offer, trusted: trusted, mode: mode, now: now, limits: TransferLimits(), freeBytes: free)
    }

    func code(_ verdict: OfferPolicy.Verdict) -> TransferError.Code? {
        if case .refuse(let error) = verdict { return error.code }
        return nil
    }

    @Test func theModeTable() {
        #expect(code(verdict(trusted, .off)) == .receivingOff)
        #expect(verdict(trusted, .contacts) == .accept)
        #expect(verdict(asking, .contacts) == .ask)
        #expect(code(verdict(nil, .contacts)) == .notAContact)
        #expect(verdict(nil, .everyone(until: now + 60)) == .ask)
        #expect(verdict(trusted, .everyone(until: now + 60)) == .accept)
    }

    @Test func everyoneExpiresIntoContacts() {
        #expect(code(verdict(nil, .everyone(until: now - 1))) == .notAContact)
    }

    @Test func limitsComeBeforeTrust() {
        #expect(code(verdict(trusted, .contacts, free: 200 << 20)) == .noSpace)
        var many = offer
        many.files = (0..<100_001).map { OfferedFile(id: "f\($0)", path: "a", size: 0, sha256: String(repeating: "a", count: 64)) }
        #expect(code(OfferPolicy.verdict(many, trusted: trusted, mode: .contacts, now: now, limits: TransferLimits(), freeBytes: 1 << 40)) == .tooLarge)
    }

    @Test func badDigestsAndDuplicateIdsAreRefused() {
        var bad = offer
        bad.files[0].sha256 = "XYZ"
        #expect(code(OfferPolicy.verdict(bad, trusted: trusted, mode: .contacts, now: now, limits: TransferLimits(), freeBytes: 1 << 40)) == .badRequest)
        var twice = offer
        twice.files.append(offer.files[0])
        #expect(code(OfferPolicy.verdict(twice, trusted: trusted, mode: .contacts, now: now, limits: TransferLimits(), freeBytes: 1 << 40)) == .badRequest)
    }
}

/// Issue 19: sizes that sum past 2^64 trapped ferryd in `OfferPolicy.check`, in every mode.
@Suite struct OfferPolicyOverflowTests {
    static let body = #"{"sender":"x","files":[{"id":"a","path":"a","size":18446744073709551615},{"id":"b","path":"b","size":1}]}"#

    @Test(arguments: [ReceivingMode.off, .contacts, .everyone(until: Date() + 60)])
    func sizesThatOverflowAreRefusedNotSummed(_ mode: ReceivingMode) throws {
        let offer = try TransferOffer(json: Array(Self.body.utf8))
        let verdict = OfferPolicy.verdict(offer, trusted: TrustedPeer(fingerprint: "x", name: "x"), mode: mode, now: Date(),
                                          limits: TransferLimits(), freeBytes: .max)
        guard case .refuse(let error) = verdict else { Issue.record("accepted: \(verdict)"); return }
        #expect(error.code == .tooLarge && error.code.httpStatus == 413)
        #expect(error.message.contains("2^64"))
    }

    @Test func theTotalIsCheckedNotWrapped() {
        let sizes: [UInt64] = [.max, 1]
        let offer = TransferOffer(sender: "x", files: sizes.enumerated().map { OfferedFile(id: "f\($0)", path: "a", size: $1, sha256: nil) })
        #expect(offer.checkedTotalSize == nil)
        #expect(offer.totalSize == .max)
        #expect(TransferOffer(sender: "x", files: [OfferedFile(id: "a", path: "a", size: 1 << 62, sha256: nil)]).checkedTotalSize == 1 << 62)
    }
}
