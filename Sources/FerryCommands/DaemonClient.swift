import FerryCore

#if canImport(Glibc)
import Glibc
#endif

/// The CLI's connection to ferryd, which it starts on demand like gpg-agent.
final class DaemonClient {
    let socket: LineSocket
    private var nextID: Int

    /// - Parameter sent: How many requests went out with `hello` (ids 1…sent).
    init(socket: LineSocket, sent: Int = 0) {
        self.socket = socket
        nextID = sent + 1
    }

    /// Connects to the user's ferryd, starting it when it is not running.
    ///
    /// - Throws: ``CommandFailure`` naming the socket and why, when no daemon can be reached.
    /// - Parameter first: A request to send with `hello`, in the same write, so that it costs no
    ///   round trip of its own; it gets id 1. Resent if ferryd must be started first.
    static func connect(_ context: Context, start: Bool = true, first: ClientRequest? = nil) throws -> DaemonClient {
        let path = DaemonSocket.path(variable: context.variable)
        if let problem = DaemonSocket.problem(withFolderOf: path) {
            throw CommandFailure(message: "not using ferryd's socket: \(problem); remove it or set XDG_RUNTIME_DIR",
                                 exit: FerryExit.unavailable)
        }
        if let socket = try? LineSocket.connect(to: path) {
            switch greet(socket, first: first) {
            case .success(let client): return client
            // A ferryd killed a moment ago keeps its socket open until its last thread exits, and
            // drops what connects: start a new one, which takes over once the lock is free.
            case .failure(.lost) where start: break
            case .failure(let failure): throw failure.commandFailure
            }
        }
        guard start else { throw CommandFailure(message: "ferryd is not running (no socket at \(path))", exit: FerryExit.unavailable) }
        try startDaemon(context)
        let started = DaemonStart(socketPath: path)
        let outcome = try started.wait(
            connect: { () -> Result<DaemonClient, DaemonStart.Failure> in
                do {
                    return greet(try LineSocket.connect(to: path), first: first).mapError { DaemonStart.Failure(reason: "\($0.error)") }
                } catch {
                    return .failure(DaemonStart.Failure(reason: "\(error)"))
                }
            },
            // The one started above gave up while the dying ferryd still held the lock: again.
            stillStarting: { () throws in
                if !RunningDaemon(context: context).isRunning { try startDaemon(context) }
            })
        switch outcome {
        case .success(let client): return client
        case .failure(let lastError):
            throw CommandFailure(message: "ferryd did not start within 3 s (\(lastError.reason)); see \(logPath(context))", exit: FerryExit.unavailable)
        }
    }

    /// Says hello as a client and waits for `welcome`; any other answer is a refusal.
    static func handshake(_ socket: LineSocket) throws -> DaemonClient {
        switch greet(socket) {
        case .success(let client): return client
        case .failure(let failure): throw failure.commandFailure
        }
    }

    /// Why a handshake failed: ferryd answered with something else than `welcome` (a refusal), or
    /// the connection broke or closed without an answer (a ferryd that is going away).
    enum HandshakeFailure: Error {
        case refused(WireError)
        case lost(WireError)

        var error: WireError {
            switch self {
            case .refused(let error), .lost(let error): error
            }
        }

        var commandFailure: CommandFailure { CommandFailure(message: "ferryd: \(error)", exit: FerryExit.unavailable) }
    }

    static func greet(_ socket: LineSocket, first: ClientRequest? = nil) -> Result<DaemonClient, HandshakeFailure> {
        let answer: WireMessage?
        do {
            var hello = WireCodec.encode(.handshake(.hello(.client)))
            if let first { hello += WireCodec.encode(.request(.init(id: 1, first))) }
            try socket.write(hello)
            answer = try socket.receiveMessage(timeout: 5000)
        } catch let error where error.code == .connectionClosed {
            return .failure(.lost(error))
        } catch {
            return .failure(.refused(error))
        }
        switch answer {
        case .handshake(.welcome)?: return .success(DaemonClient(socket: socket, sent: first == nil ? 0 : 1))
        case nil: return .failure(.lost(WireError(.connectionClosed, "ferryd refused the connection")))
        default: return .failure(.refused(WireError(.connectionClosed, "ferryd refused the connection")))
        }
    }

    /// Sends `request` in an envelope numbered afresh; the caller reads the replies with
    /// ``reply(to:)`` or ``receive()``.
    ///
    /// - Returns: The id its replies carry.
    @discardableResult
    func send(_ request: ClientRequest) throws -> Int {
        let id = nextID
        nextID += 1
        do { try socket.send(.request(.init(id: id, request))) } catch { throw CommandFailure(message: "ferryd: \(error)", exit: FerryExit.unavailable) }
        return id
    }

    /// What ``receive()`` says when ferryd ends the connection (it stopped, or was killed).
    static let closed = "ferryd closed the connection"

    /// The next message from ferryd: a reply (in its envelope) or a peer change.
    ///
    /// - Throws: ``CommandFailure`` (76) `ferryd: …` when ferryd closed the connection, sent an
    ///   `error` frame (its message), or sent something that is not a reply.
    func receive() throws -> WireMessage {
        do {
            switch try socket.receiveMessage() {
            case let message? where message.isForClient: return message
            case nil: throw CommandFailure(message: "ferryd: " + Self.closed, exit: FerryExit.unavailable, daemonLost: true)
            case .handshake(.error(let failure))?: throw WireError(.malformedFrame, failure.message ?? "error")
            case let other?: throw WireError(.malformedFrame, "unexpected \"\(other.type)\" frame")
            }
        } catch let error as WireError {
            throw CommandFailure(message: "ferryd: \(error.message)", exit: FerryExit.unavailable)
        }
    }

    /// The next reply to request `id`, passing over other replies and peer changes.
    ///
    /// - Throws: ``CommandFailure`` as ``receive()`` does.
    func reply(to id: Int) throws -> DaemonReply {
        while true {
            if case .reply(let reply) = try receive(), reply.id == id { return reply.body }
        }
    }

    /// Sends one request and waits for its result, passing over other replies.
    func request(_ request: ClientRequest) throws -> DaemonReply.Result {
        let id = try send(request)
        while true {
            if case .result(let result) = try reply(to: id) { return result }
        }
    }

    static func logPath(_ context: Context) -> String {
        let state = context.environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (context.environment["HOME"] ?? "/") + "/.local/state"
        return state + "/ferry/ferryd.log"
    }

    /// Starts ferryd in a session of its own, its output going to the log file.
    private static func startDaemon(_ context: Context) throws {
        guard let daemon = Context.daemonExecutable(context.environment) else {
            throw CommandFailure(message: "ferryd not found beside ferry or in PATH; set FERRY_DAEMON to its path", exit: FerryExit.unavailable)
        }
        let log = logPath(context)
        makeFolders(String(log[..<(log.lastIndex(of: "/") ?? log.startIndex)]))
        do {
            _ = try Launcher.spawn(daemon, arguments: [daemon], environment: context.environment, output: log, newSession: true)
        } catch {
            throw CommandFailure(message: "cannot start \(daemon): \(String(cString: strerror(error.code)))", exit: FerryExit.unavailable)
        }
    }
}

extension WireMessage {
    /// A message ferryd sends a client after the handshake: a reply or a peer change.
    var isForClient: Bool {
        switch self {
        case .reply, .peer: true
        default: false
        }
    }
}
