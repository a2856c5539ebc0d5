import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A TCP relay on 127.0.0.1 in front of a receiver that, once `stallAfter` bytes came from the
/// sender, misbehaves as the sender's kernel sees it:
/// - ``Fault/pause(_:)`` stops reading for that many seconds: an alive receiver whose window is
///   zero (its disk or its thread pool busy). Its receive buffer is small, so the window closes
///   after a few KiB instead of megabytes.
/// - ``Fault/deaf`` drops every segment from then on, unacknowledged (a socket filter): a receiver
///   whose cable was pulled, without root or a second network namespace.
final class StallingRelay: Sendable {
    enum Fault: Sendable {
        case pause(Double)
        case deaf
    }

    let port: Int
    private let listener: Int32
    private let upstream: Int
    private let stallAfter: Int
    private let fault: Fault
    private let sockets = Mutex<[Int32]>([])
    /// Whether a stall happened (the test is void without one).
    let stalled = Atomic<Bool>(false)

    init(upstream: Int, stallAfter: Int, fault: Fault) throws {
        self.upstream = upstream
        self.stallAfter = stallAfter
        self.fault = fault
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var small: Int32 = 16 << 10
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 8) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Closes the listener and every relayed connection.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        sockets.withLock { fds in
            for fd in fds { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    /// Attaches a classic BPF filter of one instruction, `ret #0`: the kernel drops every
    /// segment that reaches `fd` before TCP sees it, so none is acknowledged.
    private static func dropEverything(_ fd: Int32) {
        // struct sock_filter { u16 code; u8 jt; u8 jf; u32 k; }: BPF_RET | BPF_K = 0x06, k = 0.
        var instruction: UInt64 = 0x06
        withUnsafeMutablePointer(to: &instruction) { filter in
            // struct sock_fprog { u16 len; struct sock_filter *filter; }, padded to 16 bytes.
            var program: (UInt64, UnsafeMutableRawPointer) = (1, UnsafeMutableRawPointer(filter))
            let soAttachFilter: Int32 = 26
            _ = setsockopt(fd, SOL_SOCKET, soAttachFilter, &program, socklen_t(MemoryLayout<(UInt64, UnsafeMutableRawPointer)>.size))
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private func acceptLoop() {
        var first = true
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = Self.loopback(port: UInt16(upstream))
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            sockets.withLock { $0 += [client, server] }
            guard connected == 0 else { shutdown(client, Int32(SHUT_RDWR)); continue }
            let stallThis = first
            first = false
            Thread.detachNewThread { [self] in pump(from: client, to: server, stalling: stallThis) }
            Thread.detachNewThread { [self] in pump(from: server, to: client, stalling: false) }
        }
    }

    private func pump(from source: Int32, to target: Int32, stalling: Bool) {
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        var passed = 0, waiting = stalling
        while true {
            if waiting && passed >= stallAfter {
                waiting = false
                stalled.store(true, ordering: .relaxed)
                switch fault {
                case .pause(let seconds): Thread.sleep(forTimeInterval: seconds)
                case .deaf: Self.dropEverything(source)
                }
            }
            let got = read(source, &buffer, buffer.count)
            guard got > 0 else { break }
            var offset = 0
            while offset < got {
                let sent = buffer.withUnsafeBytes { write(target, $0.baseAddress! + offset, got - offset) }
                guard sent > 0 else { shutdown(source, Int32(SHUT_RDWR)); return }
                offset += sent
            }
            passed += got
        }
        shutdown(target, Int32(SHUT_WR))
    }
}
