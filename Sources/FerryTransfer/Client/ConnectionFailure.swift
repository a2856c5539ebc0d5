import NIOCore
import NIOPosix
import NIOSSL

#if canImport(Glibc)
import Glibc
#endif

/// What a broken connection to a receiver means to the user, in words: NIO's errors describe
/// themselves as type names and call sites ("uncleanShutdown", "read(descriptor:pointer:size:)").
enum ConnectionFailure {
    /// A short phrase for `error`, or its own description when it is none of the usual ones.
    static func describe(_ error: any Error) -> String {
        switch error {
        case NIOSSLError.uncleanShutdown, ChannelError.eof, ChannelError.ioOnClosedChannel, ChannelError.alreadyClosed:
            return "the connection closed mid-way (its ferryd stopped, or the network dropped); try again, the transfer resumes"
        case let error as IOError:
            return describe(errno: error.errnoCode)
        case ChannelError.connectTimeout:
            return "no answer within 10 s (it is off the network, or a firewall drops the connection)"
        case let error as NIOConnectionError:
            return error.connectionErrors.first.map { describe($0.error) } ?? "no address to connect to"
        default:
            return "\(error)"
        }
    }

    /// A failed TLS handshake in words, or nil for another failure: NIOSSL's own text names
    /// BoringSSL's reason codes and the source path it was built from.
    static func handshake(_ error: any Error) -> String? {
        let text: String
        switch error {
        case NIOSSLError.handshakeFailed(let reason): text = "\(reason)"
        case let reason as BoringSSLError: text = "\(reason)"
        default: return nil
        }
        if ["WRONG_VERSION_NUMBER", "HTTP_REQUEST", "PACKET_LENGTH_TOO_LONG", "UNEXPECTED_RECORD"].contains(where: text.contains) {
            return "what answers on that port does not speak TLS; check the port (the receiver's ferryd logs it as `transfer listener`)"
        }
        return "the TLS handshake failed (the receiver may run a Ferry too old or too new for this one)"
    }

    static func describe(errno code: Int32) -> String {
        switch code {
        case ECONNRESET, EPIPE: return "the connection was reset (its ferryd stopped, or the network dropped); try again, the transfer resumes"
        case ECONNREFUSED: return "connection refused (its ferryd is not running, or listens on another port)"
        case ETIMEDOUT: return "the connection timed out (the network dropped)"
        default: return String(cString: strerror(code))
        }
    }
}
