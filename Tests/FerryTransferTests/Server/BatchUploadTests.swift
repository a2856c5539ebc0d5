import Foundation
import NIOCore
import NIOHTTP1
import Testing
@testable import FerryTransfer

/// Small files go up many to a request (`PUT …/batch`), over real TLS on loopback.
@Suite struct BatchUploadTests {
    @Test func thousandsOfSmallFilesArriveWholeInBatches() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        for index in 0..<2000 { _ = try loop.makeFile(String(format: "small/f%04d.bin", index), size: [4096, 0, 1, 5000][index % 4], seed: UInt8(index % 251)) }
        let files = try LocalFile.collect([loop.scratch.path + "/sender/small"])
        let steps = UploadPlan.steps(sizes: files.map(\.size), hashed: files.map { _ in true },
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
            try await BrokenUploadTests.waitUntil { staging.offset(offered[1], sender: loop.senderIdentity.fingerprint) == 50_000 }
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
    @Test func smallWholeHashedFilesAreBatchedTheRestGoOneByOne() {
        let sizes: [UInt64] = [10, 2 << 20, 10, 10, 0, 10]
        let hashed = [true, true, true, false, true, true]
        let decisions: [FileDecision?] = [.init(id: "f0", accept: true, offset: 0), .init(id: "f1", accept: true, offset: 0),
                                          .init(id: "f2", accept: true, offset: 5), .init(id: "f3", accept: true, offset: 0),
                                          .init(id: "f4", accept: true, offset: 0), .init(id: "f5", accept: false, offset: 0)]
        #expect(UploadPlan.steps(sizes: sizes, hashed: hashed, decisions: decisions)
                == [.single(1, offset: 0), .single(2, offset: 5), .single(3, offset: 0), .batch([0, 4])])
    }

    @Test func batchesEndAtTheirFileCountOrByteSize() {
        let accept = { (n: Int) in (0..<n).map { FileDecision(id: "f\($0)", accept: true, offset: 0) } }
        let counts = UploadPlan.steps(sizes: Array(repeating: 1, count: 300), hashed: Array(repeating: true, count: 300), decisions: accept(300))
        #expect(counts.map(\.weight) == [128, 128, 44])
        let bytes = UploadPlan.steps(sizes: Array(repeating: 400_000, count: 5), hashed: Array(repeating: true, count: 5), decisions: accept(5))
        #expect(bytes.map(\.weight) == [2, 2, 1])
    }
}
