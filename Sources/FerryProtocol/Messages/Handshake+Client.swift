extension Handshake.Hello {
    /// The `hello` of a client (`ferry`, or an app's own request connection) in this build's version.
    public static var client: Handshake.Hello {
        Handshake.Hello(protocol: Handshake.protocolVersion, role: .client)
    }

    /// The `hello` of a managed app started with launch token `token`.
    ///
    /// - Parameter restoration: Whether the app opts in to state preservation.
    public static func app(token: String, restoration: Bool) -> Handshake.Hello {
        Handshake.Hello(protocol: Handshake.protocolVersion, role: .app, token: token, restoration: restoration ? true : nil)
    }
}
