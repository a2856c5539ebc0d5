import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import Testing
import FerryTestSupport
@testable import FerryTransfer

/// Small files go up many to a request (`PUT …/batch`), over real TLS on loopback.
@Suite struct BatchUploadTests {
    @Test func thousandsOfSmallFilesArriveWholeInBatches() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        for index in 0..<2000 { _ = try loop.makeFile(String(format: "small/f%04d.bin", index), size: [4096, 0, 1, 5000][index % 4], seed: UInt8(index % 251)) }
        let files = try LocalFile.collect([loop.scratch.path + "/sender/small"])
        let steps = UploadPlan.steps(sizes: files.map(\.size),
                                     decisions: files.indices.map { FileDecision(id: "f\($0)", accept: true, offset: 0) })
        #expect(steps.count == 16 && steps.allSatisfy { if case .batch = $0 { true } else { false } })
        let events = EventLog()
        let outcome = try await loop.withServer { port in try await loop.client.send(files, to: loop.endpoint(port)) { events.append($0) } }
        guard case .delivered(let receipt) = outcome else { Issue.record("not delivered: \(outcome)"); return }
        #expect(receipt.files.count == 2000 && receipt.files.allSatisfy { $0.status == "delivered" })
        #expect(events.all.reduce(0) { if case .filesDone(let done) = $1 { $0 + done.count } else { $0 } } == 2000)
        for file in files {
            let received = try Data(contentsOf: URL(fileURLWithPath: loop.host.inbox() + "/" + file.relativePath))
            #expect(received == (try Data(contentsOf: URL(fileURLWithPath: file.path))), "\(file.relativePath)")
        }
    }

    @Test func aWrongHashInABatchIsRefusedAndTheFilesAfterItAreNotReceived() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let paths = try (0..<3).map { try loop.makeFile("w/f\($0).bin", size: 3000, seed: UInt8($0)) }
        var wrong = try paths.enumerated().map { OfferedFile(id: "f\($0)", path: "f\($0).bin", size: 3000, sha256: try LocalFile.digest($1)) }
        wrong[1].sha256 = String(repeating: "0", count: 64)
        let offered = wrong
        let staging = try StagingArea(directory: loop.scratch.path + "/receiver/staging")
        let (status, body, finish) = try await loop.withServer { port in
            try await Self.exchange(loop, port: port, offered) { exchange, offer in
                try await exchange.sendBatch("/ferry/v1/offers/\(offer)/batch", ids: ["f0", "f1", "f2"], paths: paths,
                                             sizes: [3000, 3000, 3000]) { _ in }
                let (status, body) = try await exchange.response()
                return (status, body, try? await exchange.request(.POST, "/ferry/v1/offers/\(offer)/finish"))
            }
        }
        #expect(status == 422)
        #expect(String(decoding: body, as: UTF8.self).contains("not the announced"))
        #expect(finish == nil, "the receiver closes the connection after refusing a batch")
        let sender = loop.senderIdentity.fingerprint
        #expect(staging.offset(offered[0], sender: sender) == 3000, "the checked file before it is kept")
        #expect(staging.offset(offered[1], sender: sender) == 0, "the wrong file is dropped")
        #expect(staging.offset(offered[2], sender: sender) == 0, "nothing after it is received")
        #expect(loop.host.delivered.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: loop.host.inbox()))
    }

    @Test func anInterruptedBatchResumesFromWhatArrived() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        for index in 0..<4 { _ = try loop.makeFile("cut/f\(index).bin", size: 100_000, seed: UInt8(index)) }
        let files = try LocalFile.collect([loop.scratch.path + "/sender/cut"])
        let offered = files.enumerated().map { OfferedFile(id: "f\($0)", path: $1.relativePath, size: $1.size, sha256: $1.sha256) }
        let bytes = try files.flatMap { try Data(contentsOf: URL(fileURLWithPath: $0.path)) }
        let staging = try StagingArea(directory: loop.scratch.path + "/receiver/staging")
        let events = EventLog()
        let outcome = try await loop.withServer { port in
            // f0 whole, half of f1, then the sender vanishes.
            try await Self.exchange(loop, port: port, offered) { exchange, offer in
                var headers = HTTPHeaders()
                headers.add(name: "Content-Length", value: "400000")
                headers.add(name: "Ferry-Files", value: "f0,f1,f2,f3")
                try await exchange.outbound.write(.head(HTTPRequestHead(version: .http1_1, method: .PUT,
                                                                        uri: "/ferry/v1/offers/\(offer)/batch", headers: headers)))
                try await exchange.outbound.write(.body(.byteBuffer(ByteBuffer(bytes: bytes.prefix(150_000)))))
            }
            await waitUntil("50,000 bytes of f1 staged") { staging.offset(offered[1], sender: loop.senderIdentity.fingerprint) == 50_000 }
            return try await loop.client.send(files, to: loop.endpoint(port)) { events.append($0) }
        }
        guard case .delivered(let receipt) = outcome else { Issue.record("not delivered: \(outcome)"); return }
        #expect(receipt.files.map(\.status) == Array(repeating: "delivered", count: 4))
        #expect(events.all.contains(.accepted(totalBytes: 400_000, resumedBytes: 150_000)))
        for file in files {
            let received = try Data(contentsOf: URL(fileURLWithPath: loop.host.inbox() + "/" + file.relativePath))
            #expect(received == (try Data(contentsOf: URL(fileURLWithPath: file.path))))
        }
    }

    @Test func filesOfferedWithoutAHashAreCheckedByTheDigestAfterEach() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        for index in 0..<300 { _ = try loop.makeFile(String(format: "plain/f%03d.bin", index), size: index * 7, seed: UInt8(index % 251)) }
        let files = try LocalFile.collect([loop.scratch.path + "/sender/plain"], hashing: TransferClient.hashedBeforeOffer)
        #expect(files.allSatisfy { $0.sha256 == nil }, "small files are hashed as they go up, not before")
        let outcome = try await loop.withServer { port in try await loop.client.send(files, to: loop.endpoint(port)) }
        guard case .delivered(let receipt) = outcome else { Issue.record("not delivered: \(outcome)"); return }
        #expect(receipt.files.allSatisfy { $0.status == "delivered" })
        #expect(loop.host.delivered.map(\.sha256) == (try files.map { try LocalFile.digest($0.path) }))
    }

    @Test(arguments: [("sha256", true, 422, "not the announced"), (nil, false, 400, "no SHA-256"), ("md5", false, 400, "Ferry-Digests")])
    func theDigestAfterEachFileIsChecked(header: String?, tamper: Bool, status expected: Int, message: String) async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let contents = (0..<3).map { Data(repeating: UInt8($0 + 1), count: 1000) }
        let offered = (0..<3).map { OfferedFile(id: "f\($0)", path: "d\($0).bin", size: 1000, sha256: nil) }
        var body = Data()
        for (index, content) in contents.enumerated() {
            body += content
            guard header != nil else { continue }
            var digest = Array(SHA256.hash(data: content))
            if tamper && index == 1 { digest[0] ^= 1 }
            body += digest
        }
        let staging = try StagingArea(directory: loop.scratch.path + "/receiver/staging")
        let sent = body
        let (status, text) = try await loop.withServer { port in
            try await Self.exchange(loop, port: port, offered) { exchange, offer in
                var headers = HTTPHeaders()
                headers.add(name: "Content-Length", value: "\(sent.count)")
                headers.add(name: "Ferry-Files", value: "f0,f1,f2")
                if let header { headers.add(name: "Ferry-Digests", value: header) }
                try await exchange.outbound.write(contentsOf: [.head(HTTPRequestHead(version: .http1_1, method: .PUT, uri: "/ferry/v1/offers/\(offer)/batch", headers: headers)),
                                                                .body(.byteBuffer(ByteBuffer(bytes: sent))), .end(nil)])
                let (status, answer) = try await exchange.response()
                return (status, String(decoding: answer, as: UTF8.self))
            }
        }
        #expect(status == expected)
        #expect(text.contains(message), "\(text)")
        let sender = loop.senderIdentity.fingerprint
        if tamper {
            #expect(staging.offset(offered[0], sender: sender) == 1000, "the checked file before it is kept")
            #expect(staging.offset(offered[1], sender: sender) == 0, "the file whose digest is wrong is dropped")
        }
        #expect(loop.host.delivered.isEmpty)
    }

    @Test func aSentFolderArrivesWholeAndASecondCopyIsMergedBesideTheFirst() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        for index in 0..<300 { _ = try loop.makeFile(String(format: "album/f%03d.bin", index), size: 500, seed: UInt8(index % 251)) }
        _ = try loop.makeFile("album/sub/deep.bin", size: 10)
        let files = try LocalFile.collect([loop.scratch.path + "/sender/album"], hashing: TransferClient.hashedBeforeOffer)
        let offers = loop.scratch.path + "/receiver/staging/offers"
        let outcomes = try await loop.withServer { port in
            [try await loop.client.send(files, to: loop.endpoint(port)), try await loop.client.send(files, to: loop.endpoint(port))]
        }
        for (copy, outcome) in outcomes.enumerated() {
            guard case .delivered(let receipt) = outcome else { Issue.record("not delivered: \(outcome)"); return }
            let suffix = copy == 0 ? ".bin" : " 2.bin"
            #expect(receipt.files.map(\.name) == files.map { $0.relativePath.replacingOccurrences(of: ".bin", with: suffix) })
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: offers).isEmpty, "the offers' trees are gone")
        let inbox = loop.host.inbox() + "/album"
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox).count == 601)
        #expect(try Data(contentsOf: URL(fileURLWithPath: inbox + "/f007 2.bin")) == Data(contentsOf: URL(fileURLWithPath: files[7].path)))
        #expect(try loop.scratch.mode("receiver/Containers/org.ferry.system.files/Documents/Inbox/album/sub/deep.bin") == 0o444)
        #expect(try loop.scratch.mode("receiver/Containers/org.ferry.system.files/Documents/Inbox/album/f000 2.bin") == 0o444)
    }

    @Test func aFinishThatFailsKeepsTheFilesForAResume() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        for index in 0..<20 { _ = try loop.makeFile("album/f\(index).bin", size: 1000, seed: UInt8(index)) }
        let files = try LocalFile.collect([loop.scratch.path + "/sender/album"], hashing: TransferClient.hashedBeforeOffer)
        // A symbolic link where the folder goes: the finish refuses to write through it.
        let elsewhere = loop.scratch.path + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: loop.host.inbox(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: loop.host.inbox() + "/album", withDestinationPath: elsewhere)
        let events = EventLog()
        let (first, second) = try await loop.withServer { port in
            var first: TransferError?
            do { _ = try await loop.client.send(files, to: loop.endpoint(port)) } catch { first = error as? TransferError }
            try FileManager.default.removeItem(atPath: loop.host.inbox() + "/album")
            return (first, try await loop.client.send(files, to: loop.endpoint(port)) { events.append($0) })
        }
        #expect(first?.message.contains("is not a folder") == true, "\(String(describing: first))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
        guard case .delivered(let receipt) = second else { Issue.record("not delivered: \(second)"); return }
        #expect(receipt.files.allSatisfy { $0.status == "delivered" })
        #expect(events.all.contains(.accepted(totalBytes: 20_000, resumedBytes: 20_000)), "nothing is sent twice")
    }

    @Test func aFileReceivedInABatchIsNotTakenTwice() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let path = try loop.makeFile("twice/a.bin", size: 100)
        let offered = [OfferedFile(id: "f0", path: "twice/a.bin", size: 100, sha256: try LocalFile.digest(path))]
        let (first, second, receipt) = try await loop.withServer { port in
            try await Self.exchange(loop, port: port, offered) { exchange, offer in
                try await exchange.sendBatch("/ferry/v1/offers/\(offer)/batch", ids: ["f0"], paths: [path], sizes: [100]) { _ in }
                let first = try await exchange.response().0
                try await exchange.sendBatch("/ferry/v1/offers/\(offer)/batch", ids: ["f0"], paths: [path], sizes: [100]) { _ in }
                let (status, body) = try await exchange.response()
                return (first, (status, String(decoding: body, as: UTF8.self)), try? await exchange.request(.POST, "/ferry/v1/offers/\(offer)/finish"))
            }
        }
        #expect(first == 200)
        #expect(second.0 == 400 && second.1.contains("already received"), "\(second)")
        #expect(receipt == nil, "the receiver closed the connection after the refusal")
    }

    @Test func aFolderWhoseFilesGoToTwoAppsIsPlacedFileByFile() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        loop.host.appsByExtension.withLock { $0["txt"] = "com.test.notes" }
        for name in ["a.txt", "b.bin", "c.txt"] { _ = try loop.makeFile("mixed/" + name, size: 100) }
        let files = try LocalFile.collect([loop.scratch.path + "/sender/mixed"], hashing: TransferClient.hashedBeforeOffer)
        let outcome = try await loop.withServer { port in try await loop.client.send(files, to: loop.endpoint(port)) }
        guard case .delivered(let receipt) = outcome else { Issue.record("not delivered: \(outcome)"); return }
        #expect(receipt.files.map(\.app) == ["com.test.notes", "org.ferry.system.files", "com.test.notes"])
        #expect(receipt.files.map(\.name) == ["mixed/a.txt", "mixed/b.bin", "mixed/c.txt"])
        let containers = loop.scratch.path + "/receiver/Containers/"
        #expect(FileManager.default.fileExists(atPath: containers + "com.test.notes/Documents/Inbox/mixed/c.txt"))
        #expect(FileManager.default.fileExists(atPath: containers + "org.ferry.system.files/Documents/Inbox/mixed/b.bin"))
    }

    /// Connects, offers `offered` (accepted) and runs `body` with the exchange and the offer's id.
    static func exchange<T: Sendable>(_ loop: Loopback, port: Int, _ offered: [OfferedFile],
                                      _ body: (inout HTTPExchange, String) async throws -> T) async throws -> T {
        let channel = try await loop.client.connect(loop.endpoint(port), presented: PeerCertificate())
        return try await channel.executeThenClose { inbound, outbound in
            var exchange = HTTPExchange(parts: inbound.makeAsyncIterator(), outbound: outbound, host: "127.0.0.1",
                                        eventLoop: channel.channel.eventLoop)
            let offer = TransferOffer(sender: "sender", files: offered)
            let (status, answer) = try await exchange.request(.POST, "/ferry/v1/offers", body: Array(try JSONEncoder().encode(offer)))
            #expect(status == 200)
            return try await body(&exchange, try JSONDecoder().decode(OfferAnswer.self, from: Data(answer)).offer)
        }
    }
}

@Suite struct UploadPlanTests {
    @Test func smallWholeFilesAreBatchedTheRestGoOneByOne() {
        let sizes: [UInt64] = [10, 2 << 20, 10, 10, 0, 10]
        let decisions: [FileDecision?] = [.init(id: "f0", accept: true, offset: 0), .init(id: "f1", accept: true, offset: 0),
                                          .init(id: "f2", accept: true, offset: 5), .init(id: "f3", accept: true, offset: 0),
                                          .init(id: "f4", accept: true, offset: 0), .init(id: "f5", accept: false, offset: 0)]
        #expect(UploadPlan.steps(sizes: sizes, decisions: decisions)
                == [.single(1, offset: 0), .single(2, offset: 5), .batch([0, 3, 4])])
    }

    @Test func batchesEndAtTheirFileCountOrByteSize() {
        let accept = { (n: Int) in (0..<n).map { FileDecision(id: "f\($0)", accept: true, offset: 0) } }
        let counts = UploadPlan.steps(sizes: Array(repeating: 1, count: 300), decisions: accept(300))
        #expect(counts.map(\.weight) == [128, 128, 44])
        let bytes = UploadPlan.steps(sizes: Array(repeating: 400_000, count: 5), decisions: accept(5))
        #expect(bytes.map(\.weight) == [2, 2, 1])
    }
}
