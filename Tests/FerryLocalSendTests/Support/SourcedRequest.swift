import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
@testable import FerryLocalSend
@testable import FerryTransfer

/// One HTTPS request to a LocalSend server on loopback from a chosen source address (any of
/// 127.0.0.0/8 on Linux): how the tests play an attacker who rotates addresses. Answers the
/// status and the head's headers, which ``LocalSendHTTP`` does not give.
enum SourcedRequest {
    struct Answer: Sendable {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]
    }

    static func send(_ method: HTTPMethod, _ path: String, from source: String, port: Int,
                     identity: DeviceIdentity) async throws -> Answer {
        let context = try LocalSendTLS.clientContext(identity)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(5))
            .bind(to: try SocketAddress(ipAddress: source, port: 0))
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: context, serverHostname: nil) { _, promise in
                        promise.succeed(.certificateVerified)
                    })
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var headers = HTTPHeaders()
            headers.add(name: "Host", value: "127.0.0.1")
            headers.add(name: "Content-Length", value: "0")
            try await outbound.write(contentsOf: [.head(HTTPRequestHead(version: .http1_1, method: method, uri: path, headers: headers)), .end(nil)])
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
}
