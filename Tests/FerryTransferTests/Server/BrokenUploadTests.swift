import Foundation
import NIOCore
import NIOHTTP1
import Testing
import FerryTestSupport
@testable import FerryTransfer

/// A sender that vanishes mid-upload, over a real TLS connection (found on the LAN test bed: the
/// receiver answered the dead connection and tripped NIO's HTTP pipeline assertion).
@Suite struct BrokenUploadTests {
    @Test func aConnectionCutMidUploadKeepsTheBytesAndTheServerServesTheResume() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let path = try loop.makeFile("cut.bin", size: 2_000_000)
        let files = try LocalFile.collect([path])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let offered = OfferedFile(id: "f0", path: "cut.bin", size: files[0].size, sha256: files[0].sha256)
        let staging = try StagingArea(directory: loop.scratch.path + "/receiver/staging")
        let events = EventLog()
        let outcome = try await loop.withServer { port in
            try await Self.uploadHalfAndHangUp(loop, port: port, offered, Array(bytes.prefix(1_000_000)))
            await waitUntil("the first half staged") { staging.offset(offered, sender: loop.senderIdentity.fingerprint) == 1_000_000 }
            return try await loop.client.send(files, to: loop.endpoint(port)) { events.append($0) }
        }
        guard case .delivered = outcome else { Issue.record("not delivered: \(outcome)"); return }
        #expect(events.all.contains(.accepted(totalBytes: 2_000_000, resumedBytes: 1_000_000)))
        #expect(try Data(contentsOf: URL(fileURLWithPath: loop.host.inbox() + "/cut.bin")) == bytes)
    }

    @Test func aRefusalMidUploadReachesTheSenderStillWriting() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let offered = OfferedFile(id: "f0", path: "small.bin", size: 1000, sha256: String(repeating: "0", count: 64))
        let fd = open("/dev/zero", O_RDONLY)
        defer { close(fd) }
        // 64 MB where 1,000 bytes were offered: the receiver refuses after the first chunk and closes.
        let (status, body) = try await loop.withServer { port in
            try await Self.exchange(loop, port: port, offered) { exchange, offer in
                do {
                    try await exchange.sendUpload("/ferry/v1/offers/\(offer)/files/f0", fd: fd, offset: 0, length: 64 << 20) { _ in }
                    try await exchange.flush()
                } catch {
                    exchange.discardQueued()
                }
                return try await exchange.response()
            }
        }
        #expect(status == 400)
        #expect(String(decoding: body, as: UTF8.self).contains("longer than the offered 1000 bytes"))
    }

    /// Offers the file, starts its upload, sends `head` of it and closes the connection.
    static func uploadHalfAndHangUp(_ loop: Loopback, port: Int, _ offered: OfferedFile, _ head: [UInt8]) async throws {
        try await exchange(loop, port: port, offered) { exchange, offer in
            var headers = HTTPHeaders()
            headers.add(name: "Content-Length", value: "\(offered.size)")
            try await exchange.outbound.write(.head(HTTPRequestHead(version: .http1_1, method: .PUT,
                                                                    uri: "/ferry/v1/offers/\(offer)/files/f0", headers: headers)))
            try await exchange.outbound.write(.body(.byteBuffer(ByteBuffer(bytes: head))))
        }
    }

    /// Connects, offers `offered` (accepted) and runs `body` with the exchange and the offer's id.
    static func exchange<T: Sendable>(_ loop: Loopback, port: Int, _ offered: OfferedFile,
                                      _ body: (inout HTTPExchange, String) async throws -> T) async throws -> T {
        let channel = try await loop.client.connect(loop.endpoint(port), presented: PeerCertificate())
        return try await channel.executeThenClose { inbound, outbound in
            var exchange = HTTPExchange(parts: inbound.makeAsyncIterator(), outbound: outbound, host: "127.0.0.1",
                                        eventLoop: channel.channel.eventLoop)
            let offer = TransferOffer(sender: "sender", files: [offered])
            let (status, answer) = try await exchange.request(.POST, "/ferry/v1/offers", body: Array(try JSONEncoder().encode(offer)))
            #expect(status == 200)
            return try await body(&exchange, try JSONDecoder().decode(OfferAnswer.self, from: Data(answer)).offer)
        }
    }
}
