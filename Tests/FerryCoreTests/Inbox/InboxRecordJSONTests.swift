import Foundation
import Testing
import FerryTestSupport
@testable import FerryCore

@Suite struct InboxRecordJSONTests {
    static let records = [
        InboxRecord(path: "/home/a/Inbox/a.jpg", app: "com.acme.viewer", sender: "Alice's laptop",
                    fingerprint: String(repeating: "ab", count: 32), size: 4096, sha256: String(repeating: "0f", count: 32),
                    time: 1_763_900_000.123456),
        InboxRecord(path: "/q\"uote/back\\slash/\u{1}\u{1F}\n\t\r.txt", app: "", sender: "Zoë \u{202E}gpj.exe 日本",
                    fingerprint: "", size: .max, sha256: "", time: 0),
        InboxRecord(path: "/x", app: "a", sender: "s", fingerprint: "f", size: 0, sha256: "h", time: -1.5e-7),
    ]

    @Test(arguments: records)
    func readsWhatCodableWritesAndCodableReadsWhatItWrites(_ record: InboxRecord) throws {
        let line = record.jsonLine()
        #expect(line.last == 0x0A && line.dropLast().allSatisfy { $0 != 0x0A })
        #expect(try InboxRecord(json: line) == record)
        #expect(try JSONDecoder().decode(InboxRecord.self, from: Data(line)) == record)
        #expect(try InboxRecord(json: JSONEncoder().encode(record)) == record)
    }

    @Test func appendedRecordsReadBackAndBadLinesAreSkipped() throws {
        let folder = try TemporaryFolder()
        let log = folder.path + "/received.jsonl"
        InboxRecord.append(Array(Self.records[0...1]), to: log)
        let handle = try #require(FileHandle(forWritingAtPath: log))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"path":"/y","app":"a"}"#.utf8 + [0x0A] + "not json\n".utf8))
        try handle.close()
        Self.records[2].append(to: log)
        #expect(InboxRecord.read(log) == Self.records)
    }

    @Test func unknownMembersAndAnyOrderAreAccepted() throws {
        let line = #"{"future":[1,{"x":null}],"time":5,"size":7,"sha256":"h","fingerprint":"f","sender":"s","app":"a","path":"/p"}"#
        #expect(try InboxRecord(json: Array(line.utf8)) == InboxRecord(path: "/p", app: "a", sender: "s", fingerprint: "f", size: 7, sha256: "h", time: 5))
    }

    @Test(arguments: [
        (#"{"app":"a","sender":"s","fingerprint":"f","size":7,"sha256":"h","time":5}"#, "path"),
        (#"{"path":"/p","app":"a","sender":"s","fingerprint":"f","size":-7,"sha256":"h","time":5}"#, "size"),
        (#"{"path":"/p","app":"a","sender":"s","fingerprint":"f","size":7.5,"sha256":"h","time":5}"#, "size"),
        (#"{"path":"/p","app":"a","sender":"s","fingerprint":"f","size":7,"sha256":"h","time":"5"}"#, "time"),
        (#"{"path":"/p","app":null,"sender":"s","fingerprint":"f","size":7,"sha256":"h","time":5}"#, "app"),
        (#"{"path":"/p","app":"a","sender":"s","fingerprint":"f","size":7,"sha256":"h","time":5"#, ""),
    ])
    func badLinesAreRefusedNamingTheField(_ line: String, _ field: String) {
        #expect(throws: (any Error).self) { try JSONDecoder().decode(InboxRecord.self, from: Data(line.utf8)) }
        #expect { try InboxRecord(json: Array(line.utf8)) } throws: { ($0 as? JSONFieldError)?.field == field }
    }
}
