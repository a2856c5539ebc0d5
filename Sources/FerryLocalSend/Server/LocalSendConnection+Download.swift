import FerryCore
import FerryTransfer
import FoundationEssentials
import NIOCore
import NIOHTTP1
import NIOPosix

/// The body of a prepare-download answer (§5.2).
struct PrepareDownloadResponse: Codable {
    var info: LocalSendInfo
    var sessionId: String
    var files: [String: LocalSendFile]
}

extension LocalSendConnection {
    /// `POST /prepare-download?sessionId&pin`.
    func prepareDownload(query: [String: String], parts: inout Inbound) async throws -> HTTPReply {
        try await drain(&parts)
        let (session, files) = try await server.shares.prepareDownload(session: query["sessionId"], pin: query["pin"], address: address)
        return HTTPReply.json(PrepareDownloadResponse(info: await server.info(), sessionId: session, files: files))
    }

    /// `GET /download?sessionId&fileId`: the file's bytes.
    func download(query: [String: String], parts: inout Inbound) async throws -> SharedFileReply {
        try await drain(&parts)
        return SharedFileReply(shared: try await server.shares.download(session: query["sessionId"] ?? "", file: query["fileId"] ?? "", address: address))
    }
}

/// The download API's answer: a shared file streamed as the body.
struct SharedFileReply: HTTPServerReply {
    let shared: LocalSendShares.SharedFile
    var close: Bool { false }
    var bodyUnread: Bool { false }

    /// Streams the file, 1 MiB at a time; a file that changed size is cut short (and the
    /// connection closed), never padded.
    func write(to outbound: HTTPServerLoop.Outbound, version: HTTPVersion) async throws {
        guard let file = FileReader(path: shared.path) else {
            return try await HTTPReply.error(LocalSendError(410, "the shared file \(shared.file.fileName) is gone")).write(to: outbound, version: version)
        }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: shared.file.fileType ?? "application/octet-stream")
        headers.add(name: "Content-Length", value: "\(shared.file.size)")
        let name = shared.file.fileName.split(separator: "/").last.map(String.init) ?? shared.file.fileName
        let ascii = String(name.unicodeScalars.map { $0.isASCII && $0 != "\"" && $0 != "\\" && $0.value >= 0x20 ? Character($0) : "_" })
        let encoded = PercentEncoding.alphanumerics(name)
        headers.add(name: "Content-Disposition", value: "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)")
        try await outbound.write(.head(HTTPResponseHead(version: version, status: .ok, headers: headers)))
        var sent: UInt64 = 0
        while sent < shared.file.size {
            let chunk = try await NIOThreadPool.singleton.runIfActive { try file.read(upTo: 1 << 20) }
            guard !chunk.isEmpty else { throw LocalSendError(500, "\(shared.path) shrank while it was downloaded") }
            let piece = chunk.prefix(Int(min(UInt64(chunk.count), shared.file.size - sent)))
            try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: piece))))
            sent += UInt64(piece.count)
        }
        try await outbound.write(.end(nil))
    }
}
