extension WireFrame {
    /// Names the receiver of a `send` or `pair`: `HOST:PORT` (`[V6]:PORT`) sets `host` and `port`,
    /// anything else is a peer name for discovery and sets `peer`.
    public mutating func setReceiver(_ target: String) {
        if let (host, port) = Self.hostAndPort(target) {
            self.host = host
            self.port = port
        } else {
            peer = target
        }
    }

    /// `HOST:PORT` or `[V6]:PORT`, or nil for a peer name.
    public static func hostAndPort(_ text: String) -> (String, Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
              (1...65535).contains(port) else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host.isEmpty ? nil : (host, port)
    }
}
