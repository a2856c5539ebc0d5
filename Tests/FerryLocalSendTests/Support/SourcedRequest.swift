import FerryTestSupport
import Testing
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
@testable import FerryLocalSend
@testable import FerryTransfer

/// Raw HTTPS requests to a LocalSend server on loopback, from a chosen source address (any of
/// 127.0.0.0/8 on Linux): how the tests play an attacker who rotates addresses, and a sender
/// whose connection is cut inside a body. Answers the head's headers, which ``LocalSendHTTP``
/// does not give.
enum SourcedRequest {
    typealias Channel = NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>

    struct Answer: Sendable {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]
    }

    static func send(_ method: HTTPMethod, _ path: String, from source: String = "127.0.0.1", port: Int,
                     identity: DeviceIdentity, headers: [(String, String)] = []) async throws -> Answer {
        var request = head(method, path, length: 0)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        return try await connect(from: source, port: port, identity: identity).executeThenClose { inbound, outbound in
            try await outbound.write(contentsOf: [.head(request), .end(nil)])
            var answer = Answer(status: 0, headers: HTTPHeaders(), body: [])
            for try await part in inbound {
                switch part {
                case .head(let head):
                    answer.status = Int(head.status.code)
                    answer.headers = head.headers
                case .body(let buffer): answer.body += buffer.readableBytesView
                case .end: return answer
                }
            }
            return answer
        }
    }

    /// A POST that announces `length` bytes, sends only `bytes` and closes once `arrived` says the
    /// server has them (closing sooner could drop them inside TLS): a cut link.
    static func cut(_ path: String, length: Int, after bytes: [UInt8], port: Int, identity: DeviceIdentity,
                    arrived: @Sendable () -> Bool) async throws {
        try await connect(from: "127.0.0.1", port: port, identity: identity).executeThenClose { _, outbound in
            try await outbound.write(contentsOf: [.head(head(.POST, path, length: length)), .body(.byteBuffer(ByteBuffer(bytes: bytes)))])
            await waitUntil("the sent bytes to arrive") { arrived() }
        }
    }

    static func head(_ method: HTTPMethod, _ path: String, length: Int) -> HTTPRequestHead {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "127.0.0.1")
        headers.add(name: "Content-Length", value: "\(length)")
        return HTTPRequestHead(version: .http1_1, method: method, uri: path, headers: headers)
    }

    static func connect(from source: String, port: Int, identity: DeviceIdentity) async throws -> Channel {
        let context = try LocalSendTLS.clientContext(identity)
        return try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(5))
            .bind(to: try SocketAddress(ipAddress: source, port: 0))
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: context, serverHostname: nil) { _, promise in
                        promise.succeed(.certificateVerified)
                    })
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try Channel(wrappingChannelSynchronously: channel)
                }
            }
    }
}
