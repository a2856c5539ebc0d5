import FerryProtocol

/// A client connection of an app's own to ferryd, for requests such as `send`.
struct DaemonRequest {
    let socket: LineSocket
    private let counter = Counter()

    final class Counter {
        var next = 1
    }

    /// Connects and says hello as a client.
    static func open(_ path: String?) throws(SendError) -> DaemonRequest {
        guard let path else { throw SendError(.unavailable, "this Application was made without ferryd's socket path") }
        do throws(WireError) {
            let socket = try LineSocket.connect(to: path)
            try socket.send(.handshake(.hello(.client)))
            guard case .handshake(.welcome)? = try socket.receiveMessage(timeout: FerryApplication.handshakeTimeout) else {
                throw WireError(.connectionClosed, "no welcome")
            }
            return DaemonRequest(socket: socket)
        } catch {
            throw SendError(.unavailable, "cannot reach ferryd at \(path): \(error.message)")
        }
    }

    /// Sends `request`, numbered afresh, and waits for its `result`, passing over `progress`.
    func request(_ request: ClientRequest) throws(SendError) -> DaemonReply.Result {
        let id = counter.next
        counter.next += 1
        do throws(WireError) {
            try socket.send(.request(.init(id: id, request)))
            while let answer = try socket.receiveMessage() {
                switch answer {
                case .handshake(.error(let failure)): throw WireError(.malformedFrame, failure.message ?? "error")
                case .reply(let reply) where reply.id == id: if case .result(let result) = reply.body { return result }
                default: continue
                }
            }
            throw WireError(.connectionClosed, "ferryd closed the connection")
        } catch {
            throw SendError(.unavailable, "ferryd: \(error.message)")
        }
    }
}
