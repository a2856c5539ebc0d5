import Foundation
import Logging
import NIOCore
import Synchronization
import Testing
@testable import FerryLocalSend
@testable import FerryTransfer

#if canImport(Glibc)
import Glibc
#endif

/// Issue 25, item 3, through the real receive path: announcements as UDP datagrams on loopback
/// (unicast: the socket is the one the group would feed, and the "group" the answers go to is a
/// loopback sink, so nothing is multicast), registers as real TCP connections to a listener that
/// never answers. Before, every announcement opened a connection of its own.
@Suite(.serialized) struct LocalSendMulticastFloodTests {
    @Test(.timeLimit(.minutes(2))) func aFloodFromOneSourceOpensAtMostItsBurstOfRegisters() async throws {
        let result = try await Self.flood(count: 5000, policy: AnnounceAnswers.Policy())
        #expect(result.accepted <= 3, "\(result)")
        #expect(result.table <= 9, "\(result)")
        print("flood from one source: \(result)")
    }

    @Test(.timeLimit(.minutes(2))) func registersInFlightStayAtTheCapWhateverTheRate() async throws {
        var policy = AnnounceAnswers.Policy()
        policy.perSource = .init(burst: 100_000, perSecond: 100_000)
        policy.global = .init(burst: 100_000, perSecond: 100_000)
        policy.window = 0
        let result = try await Self.flood(count: 5000, policy: policy)
        #expect(result.mostInFlight <= policy.maximumInFlight, "\(result)")
        // The listener sees a register end only when its FIN arrives, and a close in this process
        // sends none while a child another test forks still holds the socket between fork and
        // exec: one or two ended registers may still look open here (CI saw 5 once).
        #expect(result.mostOpen <= policy.maximumInFlight + 2, "\(result)")
        #expect(result.fdGrowth < 64, "\(result)")
        print("flood with the rates off: \(result)")
    }

    struct Result: CustomStringConvertible {
        var accepted: Int
        var mostInFlight: Int
        var mostOpen: Int
        var fdGrowth: Int
        var table: Int
        var description: String { "\(accepted) registers, at most \(mostInFlight) in flight and \(mostOpen) open at once, fds +\(fdGrowth), \(table) rows" }
    }

    /// `count` announcements with fresh fingerprints naming `listener`'s port, sent over about 2 s.
    static func flood(count: Int, policy: AnnounceAnswers.Policy) async throws -> Result {
        let fixture = try LocalSendFixture()
        let identity = try DeviceIdentity.loadOrCreate(directory: fixture.path + "/identity")
        let listener = try SilentListener()
        defer { listener.stop() }
        let sink = try await LocalSendMulticast.bind(host: "127.0.0.1", port: 0)
        let answersTo = try #require(sink.channel.localAddress)
        let channel = try await LocalSendMulticast.bind(host: "127.0.0.1", port: 0)
        let port = try #require(channel.channel.localAddress?.port)
        let table = LocalSendPeerTable(ownFingerprint: identity.fingerprint)
        let multicast = LocalSendMulticast(
            settings: LocalSendSettings(), peers: table, client: LocalSendClient(identity: identity), interval: 3600,
            answerPolicy: policy, registerDeadline: 0.25,
            info: { LocalSendInfo(alias: "ferry", deviceModel: "Ferry", deviceType: "headless", fingerprint: identity.fingerprint, port: 0) },
            logger: Logger(label: "test"))
        let answers = AnswerBook(policy: policy)
        let before = openDescriptors()
        let mostDescriptors = Mutex(before)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await multicast.serve(channel, group: answersTo, answers: answers) }
            group.addTask { try await sink.executeThenClose { inbound, _ in for try await _ in inbound {} } }
            try send(count, to: port, naming: listener.port) { mostDescriptors.withLock { $0 = max($0, openDescriptors()) } }
            try await Task.sleep(for: .seconds(1))  // the flood served for a while: its peaks are what is measured
            group.cancelAll()
        }
        return Result(accepted: listener.accepted, mostInFlight: answers.mostInFlight, mostOpen: listener.mostOpen,
                      fdGrowth: mostDescriptors.withLock { $0 } - before, table: await table.count)
    }

    static func send(_ count: Int, to port: Int, naming target: Int, sample: () -> Void) throws {
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        for n in 0..<count {
            let body = LocalSendJSON.encode(LocalSendInfo(alias: "flood \(n)", deviceModel: nil, deviceType: "mobile",
                                                          fingerprint: String(format: "%064x", n + 1), port: target, announce: true))
            _ = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(fd, body, body.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if n % 50 == 0 {
                usleep(20_000)  // paced, as a flood over a real network arrives
                sample()
            }
        }
    }

    static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }
}

/// A TCP listener on 127.0.0.1 that accepts, reads and never answers, counting connections and
/// the most open at once (a connection counts as open until its client closes it).
final class SilentListener: Sendable {
    let port: Int
    private let listener: Int32
    private let counts = Mutex((accepted: 0, open: [Int32](), most: 0, stopped: false))

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 512) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard ready else { close(fd); throw POSIXError(.EADDRINUSE) }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in serve() }
    }

    var accepted: Int { counts.withLock { $0.accepted } }
    var mostOpen: Int { counts.withLock { $0.most } }

    func stop() {
        counts.withLock { $0.stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func serve() {
        while !counts.withLock({ $0.stopped }) {
            sweep()
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 5) > 0, (poller.revents & Int16(POLLIN)) != 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            // A client closes one register before it opens the next: its FIN came before this SYN.
            sweep()
            counts.withLock { state in
                state.accepted += 1
                state.open.append(connection)
                state.most = max(state.most, state.open.count)
            }
        }
        counts.withLock { state in for fd in state.open { close(fd) } }
        close(listener)
    }

    /// Reads and drops what the open connections sent; closes those their client closed.
    private func sweep() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let open = counts.withLock { $0.open }
        let closed = open.filter { fd in
            let got = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            return got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
        }
        for fd in closed { close(fd) }
        counts.withLock { state in state.open.removeAll { closed.contains($0) } }
    }
}
