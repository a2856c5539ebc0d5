import FerryTransfer
import NIOCore
import NIOPosix
import NIOSSL

#if canImport(Glibc)
import Glibc
#endif

extension LocalSendClient {
    /// A broken connection to `device` as one line, or nil for another failure: NIO's own errors
    /// read "uncleanShutdown" or "I/O on closed channel". LocalSend has no resume, so the advice
    /// is to send again from the start.
    static func failure(_ error: any Error, device: String) -> TransferError? {
        switch error {
        case NIOSSLError.uncleanShutdown, ChannelError.ioOnClosedChannel, ChannelError.alreadyClosed, ChannelError.eof, ChannelError.outputClosed:
            return closed(device)
        case let error as IOError:
            return failure(errno: error.errnoCode, device: device)
        case let error as NIOConnectionError:
            return error.connectionErrors.first.flatMap { failure($0.error, device: device) }
        default:
            return nil
        }
    }

    private static func failure(errno code: Int32, device: String) -> TransferError? {
        switch code {
        case ECONNRESET, EPIPE: return closed(device)
        case ECONNREFUSED: return TransferError(.failed, "\(device) refused the connection (LocalSend stopped there, or listens on another port)")
        default: return nil
        }
    }

    private static func closed(_ device: String) -> TransferError {
        TransferError(.failed, "\(device) closed the connection mid-transfer (it stopped, or gave up on the files); send again: LocalSend starts over")
    }
}
