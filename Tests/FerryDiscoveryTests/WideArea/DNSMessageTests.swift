import Testing
@testable import FerryDiscovery

/// Golden bytes written out independently (Python's struct and hmac, following RFC 1035, 2136 and 8945).
@Suite struct DNSMessageTests {
    static func hex(_ text: String) -> [UInt8] {
        stride(from: 0, to: text.count, by: 2).map { UInt8(text.dropFirst($0).prefix(2), radix: 16)! }
    }

    static let query = hex("123401000001000000000000065f6665727279045f746370056665727279047465737400000c0001")

    @Test func aPTRQueryIsTheBytesOfRFC1035() throws {
        var message = DNSMessage(id: 0x1234)
        message.recursionDesired = true
        message.questions = [DNSQuestion(try DNSName("_ferry._tcp.ferry.test."), .ptr)]
        #expect(message.bytes == Self.query)
        #expect(try DNSMessage(decoding: Self.query) == message)
    }

    /// An answer whose names point back at the question, as servers write them.
    static let answer = hex("123481800001000100000000" + "05666572727904746573740000010001" + "c00c0001000100000078" + "0004c6121e35")

    @Test func compressedNamesAreExpanded() throws {
        let message = try DNSMessage(decoding: Self.answer)
        #expect(message.isResponse)
        #expect(message.answers.count == 1)
        #expect(message.answers[0].name.matches(try DNSName("FERRY.test")))
        #expect(DNSRecordData.readAddress(message.answers[0].data) == "198.18.30.53")
    }

    @Test(arguments: [
        // A pointer to itself.
        "123481800000000100000000c00c00010001000000780004c6121e35",
        // A pointer forward.
        "123481800000000100000000c01000010001000000780004c6121e35",
        // Counts the bytes cannot hold.
        "12348180ffff00000000000000",
        // A label running past the end.
        "1234818000010000000000003f6666",
    ])
    func hostileMessagesAreRefused(_ text: String) {
        #expect(throws: DNSWireError.self) { try DNSMessage(decoding: Self.hex(text)) }
    }

    @Test func srvAndTXTDataReadBack() throws {
        let target = try DNSName("ferry-0123.ferry.test")
        let srv = DNSRecordData.srv(port: 7417, target: target)
        #expect(DNSRecordData.readSRV(srv)?.port == 7417)
        #expect(DNSRecordData.readSRV(srv)?.target == target)
        #expect(DNSRecordData.readTXT(DNSRecordData.txt(["txtvers=1", "mode=contacts"])) == ["txtvers=1", "mode=contacts"])
        #expect(DNSRecordData.txt([]) == [0])
        #expect(DNSRecordData.a("198.18.10.1") == [198, 18, 10, 1])
        #expect(DNSRecordData.a("198.18.10") == nil)
    }

    @Test func anInstanceNameIsOneLabelWhateverItHolds() throws {
        let name = try DNSName("_ferry._tcp.ferry.test").prepending("Kitchen 2.0")
        #expect(name.labels.count == 5)
        #expect(name.first == "Kitchen 2.0")
        #expect(throws: DNSWireError.self) { try DNSName("a..b") }
        #expect(throws: DNSWireError.self) { try DNSName(String(repeating: "x", count: 64)) }
    }
}
