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
        var hello = WireFrame(type: "hello")
        hello.protocol = WireFrame.protocolVersion
        hello.role = "client"
        do throws(WireError) {
            let socket = try LineSocket.connect(to: path)
            try socket.send(hello)
            guard try socket.receive(timeout: FerryApplication.handshakeTimeout)?.type == "welcome" else {
                throw WireError(.connectionClosed, "no welcome")
            }
            return DaemonRequest(socket: socket)
        } catch {
            throw SendError(.unavailable, "cannot reach ferryd at \(path): \(error.message)")
        }
    }

    /// Sends `frame` and waits for its `result`, passing over `progress` frames.
    func request(_ frame: WireFrame) throws(SendError) -> WireFrame {
        var frame = frame
        frame.id = counter.next
        counter.next += 1
        do throws(WireError) {
            try socket.send(frame)
            while let answer = try socket.receive() {
                if answer.type == "error" { throw WireError(.malformedFrame, answer.message ?? "error") }
                if answer.type == "result" && answer.id == frame.id { return answer }
            }
            throw WireError(.connectionClosed, "ferryd closed the connection")
        } catch {
            throw SendError(.unavailable, "ferryd: \(error.message)")
        }
    }
}
