import FerryCore
import Foundation
import Testing
@testable import FerryTransfer

/// The hand-written bodies against Codable: each reads what the other writes, with the same values.
@Suite struct TransferJSONTests {
    static let awkward = "q\"uote b\\ack /slash \u{0}\u{1}\u{8}\u{C}\u{1F}\n\r\t Zoë 日本 \u{202E}gpj.exe 🚀"
    static let hash = String(repeating: "9f", count: 32)

    static let offers = [
        TransferOffer(sender: "alice", files: []),
        TransferOffer(sender: awkward, app: "com.acme.viewer", url: "https://example.com/a?b=c&d=\"e\"", files: [
            OfferedFile(id: "f0", path: "photos/2024/a.jpg", size: 123_456, sha256: hash, uti: "public.jpeg", mime: "image/jpeg"),
            OfferedFile(id: "f1", path: awkward, size: .max, sha256: nil),
            OfferedFile(id: "f2", path: "empty", size: 0, sha256: hash, uti: nil, mime: "text/plain"),
            OfferedFile(id: "f3", path: "big", size: UInt64(Int.max) + 1, sha256: nil, uti: "public.data"),
        ]),
    ]

    static let answers = [
        OfferAnswer(status: "declined", offer: "", message: awkward),
        OfferAnswer(status: "accepted", offer: "3f9c2a", files: [
            FileDecision(id: "f0", accept: true, offset: 0), FileDecision(id: awkward, accept: false, offset: .max),
        ]),
    ]

    static let receipts = [
        OfferReceipt(offer: "3f9c2a", files: []),
        OfferReceipt(offer: "3f9c2a", files: [
            .init(id: "f0", status: "delivered", app: "com.acme.viewer", name: awkward), .init(id: "f1", status: "missing"),
        ], url: "opened"),
    ]

    static let batches = [
        BatchReceipt(files: []),
        BatchReceipt(files: [UploadReceipt(id: "f0", status: "received", sha256: hash), UploadReceipt(id: awkward, status: "", sha256: "")]),
    ]

    static let errors = [
        ErrorBody(code: "bad-request", message: awkward),
        ErrorBody(code: "offset-mismatch", message: "m", offset: 18_446_744_073_709_551_615),
    ]

    func agreeWithCodable<T: TransferJSON & Equatable>(_ value: T) throws {
        let ours = value.json()
        #expect(try T(json: ours) == value)
        #expect(try JSONDecoder().decode(T.self, from: Data(ours)) == value)
        #expect(try T(json: JSONEncoder().encode(value)) == value)
        let pretty = JSONEncoder()
        pretty.outputFormatting = [.prettyPrinted, .sortedKeys]
        #expect(try T(json: pretty.encode(value)) == value)
        #expect(value.jsonLine() == ours + [0x0A])
    }

    @Test(arguments: offers) func offerAgrees(_ value: TransferOffer) throws { try agreeWithCodable(value) }
    @Test(arguments: answers) func answerAgrees(_ value: OfferAnswer) throws { try agreeWithCodable(value) }
    @Test(arguments: receipts) func receiptAgrees(_ value: OfferReceipt) throws { try agreeWithCodable(value) }
    @Test(arguments: batches) func batchAgrees(_ value: BatchReceipt) throws { try agreeWithCodable(value) }
    @Test(arguments: errors) func errorAgrees(_ value: ErrorBody) throws { try agreeWithCodable(value) }

    @Test func uploadReceiptAgrees() throws {
        try agreeWithCodable(UploadReceipt(id: "f0", status: "received", sha256: Self.hash))
    }

    @Test func theDocumentedShapesAreWritten() {
        let offer = TransferOffer(sender: "alice-laptop", app: "com.acme.viewer", files: [
            OfferedFile(id: "f0", path: "photos/a.jpg", size: 123_456, sha256: "9f86d0", uti: "public.jpeg", mime: "image/jpeg"),
        ])
        #expect(String(decoding: offer.json(), as: UTF8.self) == #"{"sender":"alice-laptop","app":"com.acme.viewer","files":[{"id":"f0","path":"photos/a.jpg","size":123456,"sha256":"9f86d0","uti":"public.jpeg","mime":"image/jpeg"}]}"#)
        let answer = OfferAnswer(status: "accepted", offer: "3f9c2a", files: [FileDecision(id: "f0", accept: true, offset: 0)])
        #expect(String(decoding: answer.json(), as: UTF8.self) == #"{"status":"accepted","offer":"3f9c2a","files":[{"id":"f0","accept":true,"offset":0}]}"#)
        let error = ErrorBody(code: "offset-mismatch", message: "at 5", offset: 5)
        #expect(String(decoding: error.json(), as: UTF8.self) == #"{"error":{"code":"offset-mismatch","message":"at 5","offset":5}}"#)
    }

    @Test func unknownMembersNullsWhitespaceAndAnyOrderAreAccepted() throws {
        let body = """
            { "files" : [ { "mime" : null, "size" : 4, "future" : { "a" : [ 1, 2.5, true ] }, "path" : "a", "id" : "f0" } ],
              "url" : null, "version" : 2, "sender" : "s" }\n
            """
        #expect(try TransferOffer(json: Array(body.utf8)) == TransferOffer(sender: "s", files: [OfferedFile(id: "f0", path: "a", size: 4, sha256: nil)]))
        #expect(try JSONDecoder().decode(TransferOffer.self, from: Data(body.utf8)) == TransferOffer(json: Array(body.utf8)))
    }

    static let file = #"{"id":"f0","path":"a","size":1}"#

    @Test(arguments: [
        (#"{"files":[]}"#, "sender"),
        (#"{"sender":"s"}"#, "files"),
        (#"{"sender":"s","files":{}}"#, "files"),
        (#"{"sender":7,"files":[]}"#, "sender"),
        (#"{"sender":"s","app":false,"files":[]}"#, "app"),
        (#"{"sender":"s","files":[\#(file),{"id":"f1","path":"b","size":-1}]}"#, "files[1].size"),
        (#"{"sender":"s","files":[\#(file),{"id":"f1","path":"b","size":1.5}]}"#, "files[1].size"),
        (#"{"sender":"s","files":[\#(file),{"id":"f1","path":"b","size":"1"}]}"#, "files[1].size"),
        (#"{"sender":"s","files":[\#(file),{"id":"f1","path":"b","size":18446744073709551616}]}"#, "files[1].size"),
        (#"{"sender":"s","files":[\#(file),{"id":"f1","size":1}]}"#, "files[1].path"),
        (#"{"sender":"s","files":[\#(file),{"id":"f1","path":"b","size":1,"sha256":1}]}"#, "files[1].sha256"),
        (#"{"sender":"s","files":[\#(file),7]}"#, "files[1]"),
        (#"{"sender":"s","files":[\#(file)]"#, ""),
        (#"{"sender":"s","files":[]} x"#, ""),
        (#"["sender"]"#, ""),
    ])
    func badOffersAreRefusedNamingTheField(_ body: String, _ field: String) {
        #expect(throws: (any Error).self) { try JSONDecoder().decode(TransferOffer.self, from: Data(body.utf8)) }
        #expect { try TransferOffer(json: Array(body.utf8)) } throws: { ($0 as? JSONFieldError)?.field == field }
    }

    @Test(arguments: [
        (#"{"status":"accepted","offer":"o","files":[{"id":"f0","accept":1,"offset":0}]}"#, "files[0].accept"),
        (#"{"status":"accepted","offer":"o","files":[{"id":"f0","accept":true}]}"#, "files[0].offset"),
        (#"{"status":"accepted","files":[]}"#, "offer"),
    ])
    func badAnswersAreRefusedNamingTheField(_ body: String, _ field: String) {
        #expect(throws: (any Error).self) { try JSONDecoder().decode(OfferAnswer.self, from: Data(body.utf8)) }
        #expect { try OfferAnswer(json: Array(body.utf8)) } throws: { ($0 as? JSONFieldError)?.field == field }
    }

    @Test func aClientReadsAnswersAndRefusals() throws {
        let answer = OfferAnswer(status: "accepted", offer: "o", files: [FileDecision(id: "f0", accept: true, offset: 3)])
        let read: OfferAnswer = try TransferClient.decodeBody((200, answer.json()), from: "Bob")
        #expect(read == answer)
        #expect(HTTPReply.json(answer).body == answer.jsonLine())  // the hand-written encoder, not Codable's sorted keys
        let refusal = HTTPReply.error(TransferError(.offsetMismatch, "f0 is at 9", offset: 9))
        #expect(refusal.status.code == 409 && refusal.body.last == 0x0A)
        #expect(throws: TransferError(.offsetMismatch, "Bob refused: f0 is at 9", offset: 9)) {
            let _: UploadReceipt = try TransferClient.decodeBody((409, refusal.body), from: "Bob")
        }
        #expect { let _: UploadReceipt = try TransferClient.decodeBody((200, Array(#"{"id":"f0"}"#.utf8)), from: "Bob") } throws: {
            ($0 as? TransferError)?.code == .failed && "\($0)".contains("status")
        }
    }
}
