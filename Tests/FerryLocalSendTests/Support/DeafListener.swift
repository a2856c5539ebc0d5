import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A listener on 127.0.0.1 whose connections complete the TCP handshake and then drop every
/// segment unacknowledged (a socket filter): a LocalSend device whose cable was pulled, without
/// root or a second network namespace.
final class DeafListener: Sendable {
    let port: Int
    private let listener: Int32

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard ready else { close(fd); throw POSIXError(.EADDRINUSE) }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [fd] in
            while true {
                let connection = accept(fd, nil, nil)
                guard connection >= 0 else { return }
                Self.dropEverything(connection)
            }
        }
    }

    /// Stops accepting (the dropped connections stay open until the process ends; the client
    /// under test closes its side).
    func stop() { shutdown(listener, Int32(SHUT_RDWR)) }

    /// Classic BPF `ret #0` (struct sock_filter { u16 code; u8 jt; u8 jf; u32 k }, BPF_RET|BPF_K):
    /// the kernel drops each segment before TCP sees it.
    private static func dropEverything(_ fd: Int32) {
        var instruction: UInt64 = 0x06
        withUnsafeMutablePointer(to: &instruction) { filter in
            var program: (UInt64, UnsafeMutableRawPointer) = (1, UnsafeMutableRawPointer(filter))
            let soAttachFilter: Int32 = 26
            _ = setsockopt(fd, SOL_SOCKET, soAttachFilter, &program, socklen_t(MemoryLayout<(UInt64, UnsafeMutableRawPointer)>.size))
        }
    }
}
