import Testing
@testable import FerryProtocol

@Suite struct SharePeerTests {
    func row(_ name: String, _ addresses: [String], fingerprint: String?, mode: String? = "contacts") -> DaemonReply.PeerRow {
        var row = DaemonReply.PeerRow(name: name, host: name.lowercased() + ".local", addresses: addresses, port: 47120,
                                    source: "multicast", lastSeen: 0)
        row.fingerprint = fingerprint
        row.mode = mode
        return row
    }

    @Test func trustedPeersComeFirstAndPeersWithoutAFingerprintAreLeftOut() {
        let rows = SharePeer.rows([
            row("Kitchen", ["192.168.1.20"], fingerprint: "AA"),
            row("Attic", ["fe80::1"], fingerprint: "bb", mode: nil),
            row("Printer", [], fingerprint: nil),
            row("Bedroom", [], fingerprint: "cc"),
        ], trusted: ["aa"])
        #expect(rows.map(\.name) == ["Kitchen", "Attic", "Bedroom"])
        #expect(rows[0] == SharePeer(name: "Kitchen", address: "192.168.1.20:47120", mode: "contacts", trusted: true, fingerprint: "aa"))
        #expect(rows[1].address == "[fe80::1]:47120" && !rows[1].trusted && rows[1].mode == nil)
        #expect(rows[2].address == "bedroom.local:47120")
    }

    /// The share sheet from ferryd's answers: the trust list comes as typed rows.
    @Test func trustIsReadFromTheTrustResultsRows() {
        var table = DaemonReply.Result(outcome: .running)
        table.peers = [row("Kitchen", ["192.168.1.20"], fingerprint: "aa"), row("Attic", [], fingerprint: "bb")]
        var trust = DaemonReply.Result(outcome: .ok)
        trust.trusted = [.init(fingerprint: "BB", name: "Attic", autoAccept: true)]
        #expect(SharePeer.rows(table: table, trust: trust).map { "\($0.name) \($0.trusted)" } == ["Attic true", "Kitchen false"])
    }

    @Test(arguments: [("192.168.1.20:47120", "192.168.1.20", 47120), ("[fe80::1]:5", "fe80::1", 5)])
    func hostAndPortSetTheAddress(text: String, host: String, port: Int) {
        var send = ClientRequest.Send(files: ["/a"])
        send.setReceiver(text)
        #expect(send.host == host && send.port == port && send.peer == nil)
    }

    @Test(arguments: ["Kitchen", "Ferry B", "host:0", "host:70000", ":80"])
    func anythingElseIsAPeerName(text: String) {
        var send = ClientRequest.Send(files: ["/a"])
        send.setReceiver(text)
        #expect(send.peer == text && send.host == nil)
    }
}
