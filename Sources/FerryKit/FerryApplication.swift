import FerryProtocol
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The entry point of a managed app: connect to ferryd, then turn its events into delegate calls.
///
/// ```swift
/// final class Todo: ApplicationDelegate { … }
/// FerryApplication.main(Todo())
/// ```
public enum FerryApplication {
    /// How long to wait for `welcome` after `hello`, in milliseconds.
    static let handshakeTimeout: Int32 = 10_000

    /// Runs the app until ferryd says `willTerminate` or goes away, then exits the process.
    ///
    /// Exit status: 0 after `willTerminate` or when ferryd closes the connection; otherwise one line on
    /// stderr and the status of the ``ApplicationError``: 78 when the process was not started by
    /// ferryd, 69 when its socket cannot be reached, 76 when ferryd refuses the app or breaks the
    /// protocol.
    ///
    /// - Parameter delegate: Receives the lifecycle events, on the calling thread.
    public static func main(_ delegate: some ApplicationDelegate) -> Never {
        do throws(ApplicationError) {
            try run(delegate, environment: LaunchEnvironment.current())
            exit(0)
        } catch {
            writeError("\(programName()): \(error.message)")
            exit(error.exitStatus)
        }
    }

    /// Connects, says hello with the launch token, and serves events until the app is told to
    /// terminate or ferryd closes the connection.
    ///
    /// - Parameters:
    ///   - delegate: Receives the lifecycle events, on the calling thread.
    ///   - environment: Where ferryd listens, the launch token, and the app's folders.
    /// - Throws: ``ApplicationError`` when the app cannot connect, is refused, or gets a bad frame.
    public static func run(_ delegate: some ApplicationDelegate, environment: LaunchEnvironment) throws(ApplicationError) {
        let socket: LineSocket
        do {
            socket = try LineSocket.connect(to: environment.socketPath)
        } catch {
            throw ApplicationError(.cannotConnect, "cannot reach ferryd at \(error.message)", cause: error)
        }
        let welcome = try handshake(socket, token: environment.launchToken, restoration: delegate is any RestorationDelegate)
        let application = Application(environment: environment)
        application.identifierForVendor = welcome.identifierForVendor.flatMap(UUID.init(uuidString:))
        let writer = SocketWriter(socket)
        application.backgroundTasks.connect { try? writer.send($0) }
        try serve(writer, application, delegate)
    }

    /// Sends `hello` and waits for `welcome`.
    @discardableResult
    static func handshake(_ socket: LineSocket, token: String, restoration: Bool = false) throws(ApplicationError) -> Handshake.Welcome {
        let answer: WireMessage?
        do {
            try socket.send(.handshake(.hello(.app(token: token, restoration: restoration))))
            answer = try socket.receiveMessage(timeout: handshakeTimeout)
        } catch {
            throw ApplicationError(.protocolViolation, "no welcome from ferryd: \(error.message)", cause: error)
        }
        switch answer {
        case .handshake(.welcome(let welcome))?: return welcome
        case .handshake(.error(let failure))?: throw .refused(failure, handshake: true)
        case nil: throw ApplicationError(.protocolViolation, "ferryd closed the connection before its welcome")
        case let other?: throw ApplicationError(.protocolViolation, "ferryd answered hello with a \"\(other.type)\" frame, not welcome")
        }
    }

    /// Answers events one at a time until `willTerminate` has been answered or the connection closes.
    static func serve(_ socket: SocketWriter, _ application: Application, _ delegate: some ApplicationDelegate) throws(ApplicationError) {
        while true {
            let message: WireMessage
            do {
                guard let next = try socket.socket.receiveMessage() else { return }
                message = next
            } catch where error.code == .connectionClosed {
                return
            } catch {
                throw ApplicationError(.protocolViolation, "ferryd sent a bad frame: \(error.message)", cause: error)
            }
            let dispatch = application.dispatch(message, to: delegate)
            // Whatever the delegate printed reaches the log before ferryd hears the reply.
            fflush(nil)
            switch dispatch {
            case .reply(let reply):
                do { try socket.send(.appReply(reply)) } catch { return }
            case .replies(let replies):
                do { for reply in replies { try socket.send(.appReply(reply)) } } catch { return }
            case .replyAndFinish(let reply):
                try? socket.send(.appReply(reply))
                return
            case .fail(let failure):
                throw failure
            }
        }
    }

    /// The program's name, for messages.
    private static func programName() -> String {
        let path = CommandLine.arguments.first ?? "app"
        return String(path.split(separator: "/").last ?? "app")
    }

    /// Writes `line` and a newline to stderr.
    private static func writeError(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
