// What a client fills in before it sends a request: the receiver as the user typed it.

extension ClientRequest.Send {
    /// Names the receiver: `HOST:PORT` (`[V6]:PORT`) sets `host` and `port`, anything else is a
    /// peer name for discovery and sets `peer`.
    public mutating func setReceiver(_ target: String) {
        (host, port, peer) = ClientRequest.receiver(target)
    }
}

extension ClientRequest.Pair {
    /// Names the peer to pair with, as ``ClientRequest/Send/setReceiver(_:)`` does.
    public mutating func setReceiver(_ target: String) {
        (host, port, peer) = ClientRequest.receiver(target)
    }
}

extension ClientRequest {
    /// `host` and `port` of `HOST:PORT`, or `peer` for anything else.
    static func receiver(_ target: String) -> (host: String?, port: Int?, peer: String?) {
        guard let (host, port) = hostAndPort(target) else { return (nil, nil, target) }
        return (host, port, nil)
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
