import Testing
@testable import FerryProtocol

@Suite struct JSONWriterTests {
    /// Nested objects are written in place since the writer moved to its own file: the bytes of a
    /// frame must stay those ferryd wrote before (taken from the earlier writer).
    @Test func nestedFramesKeepTheirBytes() throws {
        var frame = WireFrame(type: "peers", id: 3)
        var row = WireFrame.PeerRow(name: "K\"x", host: "k.local", addresses: ["1.2.3.4", "fe80::1"], port: 47120,
                                    source: "multicast", lastSeen: 12.5)
        row.fingerprint = "aa"
        row.reachable = true
        frame.peers = [row, row]
        frame.files = ["a", "b\n"]
        frame.archive = WireFrame.ArchiveInfo(bundleVersion: "1", interfaceIdiom: nil, appVersion: "2", savedAt: 3.5, size: 9)
        let peer = #"{"name":"K\"x","host":"k.local","addresses":["1.2.3.4","fe80::1"],"port":47120,"source":"multicast","fingerprint":"aa","lastSeen":12.5,"reachable":true}"#
        #expect(String(decoding: WireCodec.encode(frame), as: UTF8.self) == #"{"type":"peers","id":3,"peers":["# + peer + "," + peer
            + #"],"files":["a","b\n"],"archive":{"bundleVersion":"1","appVersion":"2","savedAt":3.5,"size":9}}"# + "\n")

        var result = WireFrame(type: "result", id: 2)
        result.command = WireFrame.CommandSpec(executable: "/bin/sh", arguments: ["echo \"$1\""], environment: ["X": "y=z", "A": ""])
        result.apps = [WireFrame.AppStatus(bundleId: "com.a", state: "active", pid: 42, since: 1_700_000_000.25)]
        #expect(String(decoding: WireCodec.encode(result), as: UTF8.self) == #"{"type":"result","id":2,"command":{"executable":"/bin/sh","arguments":["echo \"$1\""],"environment":{"A":"","X":"y=z"}},"apps":[{"bundleId":"com.a","state":"active","pid":42,"since":1700000000.25}]}"# + "\n")
    }

    @Test func bodiesEndWithoutANewlineAndSizesKeepAllTheirDigits() {
        var out = JSONWriter()
        out.field("size", UInt64.max)
        out.field("none", nil as UInt64?)
        out.object("empty") { _ in }
        out.array("list", [UInt64(0), 1]) { $0.field("n", $1) }
        #expect(String(decoding: out.finishObject(), as: UTF8.self) == #"{"size":18446744073709551615,"empty":{},"list":[{"n":0},{"n":1}]}"#)
    }
}
