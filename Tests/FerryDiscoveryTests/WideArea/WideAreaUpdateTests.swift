import Testing
@testable import FerryDiscovery

@Suite struct WideAreaUpdateTests {
    static let keyFile = """
        key "ferry" {
        \talgorithm hmac-sha256;
        \tsecret "Pfwcyehs04q2HLDbEBwN2m4WZQonz1tktaY4qLKqW3w=";
        };
        """

    static func records() throws -> WideAreaRecords {
        WideAreaRecords(zone: try DNSName("ferry.test"), instance: "Ferry A", host: "ferry-0123456789abcdef", port: 7417,
                        txt: ["txtvers=1", "mode=contacts"], address: "198.18.10.1")
    }

    /// The withdrawal (RFC 2136 §2.5.4 and §2.5.2), signed at 1,800,000,000 s (RFC 8945 §4.3):
    /// written out with Python's hmac, not with this code.
    static let signedWithdrawal = DNSMessageTests.hex(
        "42422800000100000003000105666572727904746573740000060001065f6665727279045f746370056665727279047465737400000c00fe"
            + "0000000000200746657272792041065f6665727279045f7463700566657272790474657374000746657272792041065f6665727279045f"
            + "74637005666572727904746573740000ff00ff0000000000001666657272792d3031323334353637383961626364656605666572727904"
            + "746573740000ff00ff0000000000000566657272790000fa00ff00000000003d0b686d61632d7368613235360000006b49d200012c0020"
            + "e3265249211e097a6824d9a2eb613315a82aefc949fa4f96d2a0b29a6813f105424200000000")

    @Test func aSignedWithdrawalIsTheGoldenBytes() throws {
        let key = try TSIGKey(bindKeyFile: Self.keyFile, path: "ferry.key")
        let signed = TSIG.sign(try Self.records().withdraw(id: 0x4242), key: key, time: 1_800_000_000)
        #expect(signed.bytes == Self.signedWithdrawal)
    }

    @Test func aPublicationReplacesTheInstanceAndHostRecords() throws {
        let message = try Self.records().publish(id: 1, lease: 300)
        #expect(message.opcode == .update)
        #expect(message.questions == [DNSQuestion(try DNSName("ferry.test"), .soa)])
        #expect(message.authority.map(\.type) == [.any, .ptr, .srv, .txt, .a, .a])
        #expect(message.authority.map(\.recordClass) == [DNSClass.any, 1, 1, 1, DNSClass.any, 1])
        #expect(DNSRecordData.readSRV(message.authority[2].data)?.target == (try DNSName("ferry-0123456789abcdef.ferry.test")))
        #expect(message.additional.first?.data == [0, 2, 0, 4, 0, 0, 1, 44])
        #expect(throws: DNSWireError.self) {
            var records = try Self.records()
            records.address = "fe80::1"
            _ = try records.publish(id: 1, lease: nil)
        }
    }

    static func refusal(rcode: UInt8, tsigError: UInt16?) throws -> DNSMessage {
        var response = DNSMessage(id: 1, opcode: .update)
        response.isResponse = true
        response.rcode = rcode
        if let tsigError {
            var data = DNSRecordData.ptr(TSIGKey.algorithm) + [0, 0, 0, 0, 0, 0, 1, 44, 0, 0, 0, 1]
            data += [UInt8(tsigError >> 8), UInt8(tsigError & 0xFF), 0, 0]
            response.additional = [DNSRecord(try DNSName("ferry"), .tsig, recordClass: DNSClass.any, data: data)]
        }
        return try DNSMessage(decoding: response.bytes)
    }

    @Test(arguments: [
        (UInt8(9), UInt16?(16), "198.18.30.53 refused the update of ferry.test: the TSIG key \"ferry\" is not the one it has (NOTAUTH/BADSIG); check the --key file"),
        (9, 17, "198.18.30.53 refused the update of ferry.test: the TSIG key \"ferry\" is not the one it has (NOTAUTH/BADKEY); check the --key file"),
        (9, 18, "198.18.30.53 refused the update of ferry.test: this clock and its differ by over 300 s (NOTAUTH/BADTIME)"),
        (5, nil, "198.18.30.53 refused the update of ferry.test (REFUSED): is it the zone's primary, and does it allow updates by key \"ferry\"?"),
        (10, nil, "198.18.30.53 is not authoritative for ferry.test (NOTZONE): check the domain"),
    ])
    func aRefusalIsOneLineNamingServerZoneAndKey(rcode: UInt8, tsigError: UInt16?, line: String) throws {
        let response = try Self.refusal(rcode: rcode, tsigError: tsigError)
        #expect(UpdateOutcome.problem(response, zone: "ferry.test", server: "198.18.30.53", keyName: "ferry") == line)
        #expect(UpdateOutcome.problem(try Self.refusal(rcode: 0, tsigError: nil), zone: "z", server: "s", keyName: "k") == nil)
    }

    @Test func keyFilesAreReadAsBINDWritesThem() throws {
        let key = try TSIGKey(bindKeyFile: Self.keyFile, path: "ferry.key")
        #expect(key.name == (try DNSName("ferry")))
        #expect(key.secret.count == 32)
        #expect(throws: DiscoveryError.self) { try TSIGKey(bindKeyFile: Self.keyFile.replacing("hmac-sha256", with: "hmac-md5"), path: "k") }
        #expect(throws: DiscoveryError.self) { try TSIGKey(bindKeyFile: "nothing here", path: "k") }
    }

    @Test func settingsComeFromTheFileAndTheEnvironmentOverridesThem() throws {
        let file = "# Ferry\ndomain ferry.test\nkey /k/ferry.key\n"
        #expect(WideAreaSettings(fileText: file) == WideAreaSettings(domain: "ferry.test", keyFile: "/k/ferry.key"))
        #expect(WideAreaSettings(fileText: "key /k\n") == nil)
        let path = "/nonexistent/wide-area"
        #expect(WideAreaSettings.load(environment: [:], path: path) == nil)
        #expect(WideAreaSettings.load(environment: ["FERRY_WIDE_AREA_DOMAIN": "a.example", "FERRY_WIDE_AREA_KEY": "/k"], path: path)
            == WideAreaSettings(domain: "a.example", keyFile: "/k"))
        let settings = WideAreaSettings(domain: "ferry.test")
        #expect(try settings.serverAddress(resolvConf: "search x\nnameserver 198.18.30.53\nnameserver 9.9.9.9\n") == ("198.18.30.53", 53))
        #expect(try WideAreaSettings(domain: "d", server: "198.18.30.53:5353").serverAddress(resolvConf: "") == ("198.18.30.53", 5353))
        #expect(throws: DiscoveryError.self) { try settings.serverAddress(resolvConf: "") }
    }
}
