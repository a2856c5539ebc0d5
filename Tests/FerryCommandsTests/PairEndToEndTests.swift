import Foundation
import Synchronization
import Testing
import FerryTestSupport

/// `ferry pair` between two real ferryd processes on loopback, over mutual TLS.
@Suite(.offThePool, .serialized) struct PairEndToEndTests {
    typealias Pair = SendEndToEndTests.Pair

    /// The code computed apart from Ferry, by Python's hashlib, as docs/transfer.md describes it.
    static func referenceCode(_ one: String, _ other: String) throws -> String {
        let script = """
            import hashlib, sys
            a, b = sorted(bytes.fromhex(x) for x in sys.argv[1:3])
            print("%06d" % (int.from_bytes(hashlib.sha256(b"ferry-pair-v1" + a + b).digest()[:8], "big") % 1000000))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, one, other]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A `ferry pair` running on the sender in a thread.
    final class Asking: Sendable {
        let result = Mutex<FerryWorld.Outcome?>(nil)
    }

    /// Starts `ferry pair` on the sender in a thread.
    func ask(_ pair: Pair, _ extra: String...) -> Asking {
        let asking = Asking()
        let arguments = ["pair", "127.0.0.1:\(pair.port)", "--fingerprint", pair.receiverFingerprint] + extra
        Thread { let outcome = try? pair.sender.run(arguments); asking.result.withLock { $0 = outcome } }.start()
        return asking
    }

    static func display(_ code: String) -> String {
        String(code.prefix(3)) + " " + String(code.suffix(3))
    }

    /// The receiver's waiting request, from `ferry pair --json`: id, name, code.
    func incoming(_ pair: Pair) throws -> [String] {
        var row: [String: String]?
        try waitUntil("a pairing request in ferry pair") {
            let text = try pair.receiver.run("pair", "--json").stdout
            row = (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: String]])?.first
            return row != nil
        }
        guard let row else { return [] }
        #expect(row["fingerprint"] == pair.senderFingerprint)
        return [row["id"] ?? "", row["name"] ?? "", row["code"] ?? ""]
    }

    func finished(_ asking: Asking) throws -> FerryWorld.Outcome {
        waitUntil("ferry pair to end") { asking.result.withLock { $0 != nil } }
        return try #require(asking.result.withLock { $0 })
    }

    func trusted(_ world: FerryWorld) throws -> String {
        try world.run("trust").stdout
    }

    @Test func confirmingOnBothSidesMakesEachTrustTheOther() throws {
        let pair = try Pair(names: ("Ferry B", "Ferry A"))
        let code = try Self.referenceCode(pair.senderFingerprint, pair.receiverFingerprint)
        let asking = ask(pair, "--code", code)
        let request = try incoming(pair)
        #expect(request.count == 3 && request[1] == "Ferry A" && request[2] == code, "\(request)")
        let accepted = try pair.receiver.run("pair", "--accept", request[0], "--code", code)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("paired with Ferry A"))
        let asked = try finished(asking)
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(asked.stdout.contains("Code: \(Self.display(code))"))
        #expect(asked.stdout.contains("paired with Ferry B"))
        #expect(try trusted(pair.receiver).contains("\(pair.senderFingerprint)  Ferry A  auto"))
        #expect(try trusted(pair.sender).contains("\(pair.receiverFingerprint)  Ferry B  auto"))
        // The receiver is in Contacts mode: the paired sender's files are now accepted unasked.
        let sent = try pair.send(try pair.file("after.txt", "paired"))
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains("delivered after.txt"))
    }

    @Test func aDeclineTrustsNobody() throws {
        let pair = try Pair(names: ("Ferry B", "Ferry A"))
        let asking = ask(pair, "--yes")
        let request = try incoming(pair)
        #expect(try pair.receiver.run("pair", "--decline", request[0]).stdout == "declined \(request[0])\n")
        let asked = try finished(asking)
        #expect(asked.status == 77)
        #expect(asked.stderr == "ferry: Ferry B did not pair: the receiving user declined; nothing was trusted\n")
        #expect(try trusted(pair.receiver).split(separator: "\n").count == 1)
        #expect(try trusted(pair.sender).split(separator: "\n").count == 1)
        #expect(try pair.send(try pair.file("a.txt", "a")).status == 77)
    }

    @Test func aWrongCodeIsRefusedOnEitherSide() throws {
        let pair = try Pair(names: ("Ferry B", "Ferry A"))
        let code = try Self.referenceCode(pair.senderFingerprint, pair.receiverFingerprint)
        let wrong = String(format: "%06d", (Int(code)! + 1) % 1_000_000)
        // The asking side types a code that is not the one it computed.
        let refused = try pair.sender.run("pair", "127.0.0.1:\(pair.port)", "--fingerprint", pair.receiverFingerprint, "--code", wrong)
        #expect(refused.status == 77)
        #expect(refused.stderr.contains("the code \(wrong) is not \(Self.display(code)), the code for Ferry B"))
        #expect(try pair.receiver.run("pair").stdout == "No pair requests are waiting.\n")
        // The request the asking side named is declined there too.
        let id = try #require(refused.stdout.components(separatedBy: "request ").dropFirst().first?.prefix(16))
        let late = try pair.receiver.run("pair", "--accept", String(id), "--yes")
        #expect(late.status == 1)
        #expect(late.stderr.hasPrefix("ferry: no pair request \"\(id)\" is waiting: it ended (the asking user declined"), "\(late.stderr)")
        // The receiving side types a wrong code: declined there, and the asking side hears so.
        let asking = ask(pair, "--yes")
        let request = try incoming(pair)
        let typo = try pair.receiver.run("pair", "--accept", request[0], "--code", wrong)
        #expect(typo.status == 77)
        #expect(typo.stderr.contains("is not \(Self.display(code)), the code for Ferry A: declined"))
        #expect(try finished(asking).status == 77)
        #expect(try trusted(pair.receiver).split(separator: "\n").count == 1)
        #expect(try trusted(pair.sender).split(separator: "\n").count == 1)
    }

    @Test func withoutATerminalTheAskingSideNeedsACode() throws {
        let pair = try Pair()
        let outcome = try pair.sender.run("pair", "127.0.0.1:\(pair.port)", "--fingerprint", pair.receiverFingerprint)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("without a terminal, pass --code N"))
    }

    @Test func offModeRefusesPairing() throws {
        let pair = try Pair()
        _ = try pair.receiver.run("receiving", "off")
        let outcome = try pair.sender.run("pair", "127.0.0.1:\(pair.port)", "--fingerprint", pair.receiverFingerprint, "--yes")
        #expect(outcome.status == 77)
        #expect(outcome.stderr.contains("receiving is off"))
    }
}

extension PairEndToEndTests {
    @Test func onTerminalsBothUsersAnswerTheQuestion() throws {
        let pair = try Pair(names: ("Ferry B", "Ferry A"))
        let asking = Asking()
        Thread {
            let outcome = try? Terminal.run(pair.sender, ["pair", "127.0.0.1:\(pair.port)", "--fingerprint", pair.receiverFingerprint],
                                            answers: [("[y/N]", "y")])
            asking.result.withLock { $0 = outcome }
        }.start()
        let request = try incoming(pair)
        let code = try Self.referenceCode(pair.senderFingerprint, pair.receiverFingerprint)
        let answered = try Terminal.run(pair.receiver, ["pair"], answers: [("[y/N]", "y")])
        #expect(answered.status == 0, "\(answered.stdout)")
        #expect(answered.stdout.contains("Pair with Ferry A? code \(Self.display(code)) [y/N] y"))
        #expect(answered.stdout.contains("paired with Ferry A"))
        let asked = try finished(asking)
        #expect(asked.status == 0, "\(asked.stdout)")
        #expect(asked.stdout.contains("Does Ferry B show \(Self.display(code))? [y/N] y"))
        #expect(try trusted(pair.receiver).contains(pair.senderFingerprint))
        #expect(try trusted(pair.sender).contains(pair.receiverFingerprint))
        #expect(!request.isEmpty)
    }

    @Test func onATerminalTheShareSheetAsksFerryd() throws {
        let pair = try Pair()
        let outcome = try Terminal.run(pair.sender, ["send", try pair.file("a.txt", "a")])
        // Discovery is off in these worlds, so ferryd sees nobody; the LAN test bed lists real peers.
        #expect(outcome.status == 69, "\(outcome.stdout)")
        #expect(outcome.stdout.contains("no peers are seen on the network"))
    }
}

extension PairEndToEndTests {
    @Test func anUnansweredRequestExpiresAndTrustsNobody() throws {
        let pair = try Pair(names: ("Ferry B", "Ferry A"), receiverEnvironment: ["FERRY_PAIR_TIMEOUT": "1"])
        let asked = try pair.sender.run("pair", "127.0.0.1:\(pair.port)", "--fingerprint", pair.receiverFingerprint, "--yes")
        #expect(asked.status == 77)
        #expect(asked.stderr == "ferry: Ferry B did not pair: nobody confirmed within 1 s; nothing was trusted\n")
        #expect(try pair.receiver.run("pair").stdout == "No pair requests are waiting.\n")
        #expect(try trusted(pair.receiver).split(separator: "\n").count == 1)
        #expect(try trusted(pair.sender).split(separator: "\n").count == 1)
    }
}
