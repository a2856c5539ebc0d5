import NIOCore
import NIOPosix

/// Whether a peer still accepts a TCP connection on its announced port.
enum LivenessCheck {
    static func run(address: String, port: Int, timeout: Double) async -> Bool {
        guard let target = try? SocketAddress(ipAddress: address, port: port) else { return false }
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.milliseconds(Int64(timeout * 1000)))
                .connect(to: target).get()
            try? await channel.close().get()
            return true
        } catch {
            return false
        }
    }
}
