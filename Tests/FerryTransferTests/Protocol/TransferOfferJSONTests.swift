import FerryCore
import Foundation
import Testing
@testable import FerryTransfer

/// Offers as a stranger may write them: decode → encode → decode agrees with Codable, and what
/// RFC 8259 forbids, or what two readers could read two ways, is refused.
@Suite struct TransferOfferJSONTests {
    static let file = #"{"id":"f0","path":"a","size":1}"#

    /// Bodies both decoders accept, in shapes the hand-written encoder never writes.
    static let foreign = [
        #"{"sender":"s","files":[]}"#,
        #" { "files" : [ { "size" : 1e3, "path" : "a\/b", "id" : "\u0066\u0030", "x" : [ { } , [ ] ] } ] , "sender" : "\ud83d\ude80" } "#,
        #"{"sender":"s","url":null,"app":"com.acme","files":[{"id":"f0","path":"日本","size":18446744073709551615,"sha256":null,"mime":"a/b"}]}"#,
        #"{"sender":"s","files":[{"id":"f0","path":"a","size":4.0},{"id":"f1","path":"b","size":0,"uti":"public.data","future":{"n":-1.5e-3}}]}"#,
        "{\"sender\":\"tab\\tnl\\n\\u0000\",\"files\":[]}\r\n\t",
    ]

    @Test(arguments: foreign)
    func decodeEncodeDecodeAgreesWithCodable(_ body: String) throws {
        let ours = try TransferOffer(json: Array(body.utf8))
        let codable = try JSONDecoder().decode(TransferOffer.self, from: Data(body.utf8))
        #expect(ours == codable)
        let written = ours.json()
        #expect(try TransferOffer(json: written) == ours)
        #expect(try JSONDecoder().decode(TransferOffer.self, from: Data(written)) == codable)
        #expect(try TransferOffer(json: JSONEncoder().encode(codable)).json() == written)
    }

    @Test(arguments: [
        (#"{"sender":"x","sender":"y","files":[]}"#, "sender"),
        (#"{"sender":"x","files":[],"files":[\#(file)]}"#, "files"),
        (#"{"sender":"x","files":[{"id":"f0","path":"a","size":1,"size":2}]}"#, "size"),
        (#"{"sender":"x","files":[{"id":"f0","path":"a","path":"../../etc/passwd","size":1}]}"#, "path"),
        (#"{"sender":"x","files":[],"future":{"a":1,"a":1}}"#, "a"),
    ])
    func aKeyTwiceIsRefusedNamingIt(_ body: String, _ key: String) {
        #expect { try TransferOffer(json: Array(body.utf8)) } throws: { error in
            "\(error)".contains("\"\(key)\" appears twice")
        }
    }

    @Test(arguments: ["+5", ".5e1", "01", "5.", "-0.", "0x10", "1e400", "1_0"])
    func sizesRFC8259ForbidsAreRefused(_ size: String) {
        let body = #"{"sender":"x","files":[{"id":"f0","path":"a","size":\#(size)}]}"#
        #expect(throws: (any Error).self) { try JSONDecoder().decode(TransferOffer.self, from: Data(body.utf8)) }
        #expect(throws: JSONFieldError.self) { try TransferOffer(json: Array(body.utf8)) }
    }

    @Test func moreFilesThanTheLimitAreRefusedBeforeDecoding() throws {
        let files = Array(repeating: #"{"id":"f0","path":"a","size":1}"#, count: 3).joined(separator: ",")
        let body = Array(#"{"sender":"x","files":[\#(files)]}"#.utf8)
        #expect(try TransferOffer(json: body, maximumFiles: 3).files.count == 3)
        #expect(throws: JSONFieldError(field: "files", reason: "more than 2 elements", overLimit: true)) {
            try TransferOffer(json: body, maximumFiles: 2)
        }
    }
}
