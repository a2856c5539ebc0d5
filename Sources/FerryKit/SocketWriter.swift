import FerryProtocol

/// The app's connection, whose writes may come from two threads: the event loop's replies and a
/// background task ended on a thread of its own. One lock keeps each frame whole.
final class SocketWriter: @unchecked Sendable {
    /// Read only by the event loop's thread.
    let socket: LineSocket
    private let lock = PthreadLock()

    init(_ socket: LineSocket) {
        self.socket = socket
    }

    func send(_ message: WireMessage) throws(WireError) {
        let bytes = WireCodec.encode(message)
        let failure: WireError? = lock.locked {
            do throws(WireError) { try socket.write(bytes) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }
}
