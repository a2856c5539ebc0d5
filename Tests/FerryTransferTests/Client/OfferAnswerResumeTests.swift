import Testing
@testable import FerryTransfer

@Suite struct OfferAnswerResumeTests {
    let offer = TransferOffer(sender: "me", files: [
        OfferedFile(id: "a", path: "a.txt", size: 10, sha256: nil),
        OfferedFile(id: "b", path: "b.txt", size: 20, sha256: nil),
    ])

    @Test func offsetsInsideTheFilesAddUp() throws {
        let answer = OfferAnswer(status: "accepted", offer: "o", files: [
            FileDecision(id: "a", accept: true, offset: 10), FileDecision(id: "b", accept: true, offset: 5),
        ])
        #expect(try answer.resumedBytes(of: offer, from: "Kitchen") == 15)
    }

    @Test(arguments: [FileDecision(id: "a", accept: true, offset: 11),
                      FileDecision(id: "b", accept: true, offset: .max),
                      FileDecision(id: "zz", accept: true, offset: 0)])
    func aHostileReceiversDecisionIsRefusedNotTrapped(decision: FileDecision) {
        let answer = OfferAnswer(status: "accepted", offer: "o", files: [decision])
        #expect(throws: TransferError.self) { try answer.resumedBytes(of: offer, from: "Kitchen") }
    }
}
