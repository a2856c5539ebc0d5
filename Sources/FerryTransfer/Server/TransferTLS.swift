import NIOCore
import NIOSSL
import Synchronization

/// The TLS side of transfers: mutual TLS 1.3, verification by fingerprint pinning rather than by
/// certificate authorities.
enum TransferTLS {
    /// The receiver's context: its own certificate, and a client certificate required.
    static func serverContext(_ identity: DeviceIdentity) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try identity.certificateChain, privateKey: try identity.privateKey)
        pin(&configuration)
        return try NIOSSLContext(configuration: configuration)
    }

    /// The sender's context: its own certificate as the client certificate. Made once per identity:
    /// building it took longer than sending 100 small files.
    static func clientContext(_ identity: DeviceIdentity) throws -> NIOSSLContext {
        if let known = clientContexts.withLock({ $0[identity.fingerprint] }) { return known }
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateChain = try identity.certificateChain
        configuration.privateKey = try identity.privateKey
        pin(&configuration)
        let context = try NIOSSLContext(configuration: configuration)
        clientContexts.withLock { $0[identity.fingerprint] = context }
        return context
    }

    private static let clientContexts = Mutex<[String: NIOSSLContext]>([:])

    /// TLS 1.3 only, and no certificate authorities: each side checks the other's certificate by
    /// its fingerprint (the handlers' verification callbacks), so the system's trust store is not
    /// loaded at all.
    private static func pin(_ configuration: inout TLSConfiguration) {
        configuration.minimumTLSVersion = .tlsv13
        configuration.certificateVerification = .noHostnameVerification
        configuration.trustRoots = .certificates([])
        configuration.applicationProtocols = ["http/1.1"]
    }

    /// The fingerprint of the leaf of a presented chain, if there is one.
    static func leafFingerprint(_ chain: [NIOSSLCertificate]) -> String? {
        guard let leaf = chain.first, let der = try? leaf.toDERBytes() else { return nil }
        return DeviceIdentity.fingerprint(der: der)
    }
}

/// What a connection learned about its peer during the handshake: set on the event loop before
/// any request is read, read afterwards.
final class PeerCertificate: Sendable {
    private let value = Mutex<String?>(nil)
    private let error = Mutex<String?>(nil)

    var fingerprint: String? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }

    /// The first error the TLS layer raised (an alert the peer sent), kept because a write on the
    /// connection it closed can reach the caller first.
    var tlsError: String? {
        get { error.withLock { $0 } }
        set { error.withLock { $0 = $0 ?? newValue } }
    }
}

/// Records the TLS layer's errors in a ``PeerCertificate`` (placed right after the TLS handler).
final class TLSErrorRecorder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    private let presented: PeerCertificate

    init(_ presented: PeerCertificate) { self.presented = presented }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        presented.tlsError = String(describing: error)
        context.fireErrorCaught(error)
    }
}
