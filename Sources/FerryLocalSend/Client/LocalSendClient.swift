import FerryTransfer
import FoundationEssentials
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// Talks to a LocalSend device's API over HTTPS, presenting this device's certificate and, when
/// the peer's fingerprint is known, refusing any other certificate.
public struct LocalSendClient: Sendable {
    let identity: DeviceIdentity
    /// Seconds without an acknowledgement, while one is owed, after which the peer counts as gone.
    let deadPeerSeconds: Int

    public init(identity: DeviceIdentity, deadPeerSeconds: Int = DeadPeer.defaultSeconds) {
        self.identity = identity
        self.deadPeerSeconds = deadPeerSeconds
    }

    /// Runs `body` with a keep-alive connection to `host:port` (and new ones for requests that find
    /// the device closed it: ``LocalSendHTTP``).
    ///
    /// - Parameters:
    ///   - fingerprint: The certificate the peer must present (any case), or nil to learn it.
    ///   - name: The device's name for messages (its alias), else its address.
    /// - Throws: ``LocalSendError`` (495) for another certificate; a `TransferError` when the peer
    ///   stopped answering (a pulled cable: otherwise TCP waits about 15 minutes), closed or reset
    ///   the connection mid-request, or refused it; NIO's errors for other connection failures.
    public func withConnection<T: Sendable>(host: String, port: Int, fingerprint: String?, name: String? = nil,
                                            _ body: (LocalSendHTTP) async throws -> T) async throws -> T {
        let silent = SilentPeer()
        do {
            return try await connected(host: host, port: port, fingerprint: fingerprint, silent: silent, body)
        } catch {
            let device = name.map { "\($0) (\(host):\(port))" } ?? "\(host):\(port)"
            guard let seconds = silent.seconds else { throw Self.failure(error, device: device) ?? error }
            throw TransferError(.failed, DeadPeer.stoppedAnswering(device, seconds: seconds, resumable: false))
        }
    }

    private func connected<T: Sendable>(host: String, port: Int, fingerprint: String?, silent: SilentPeer,
                                        _ body: (LocalSendHTTP) async throws -> T) async throws -> T {
        let dialer = try LocalSendDialer(host: host, port: port, fingerprint: fingerprint, identity: identity,
                                         deadPeerSeconds: deadPeerSeconds, silent: silent)
        let channel = try await dialer.open()
        return try await channel.executeThenClose { inbound, outbound in
            try await body(LocalSendHTTP(exchange: dialer.exchange(channel, inbound: inbound, outbound: outbound), dialer: dialer))
        }
    }
}
