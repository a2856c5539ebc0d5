/// HOST:PORT as the user types it for a manual peer: `192.0.2.7:7417`, `[fe80::1]:7417`, `box.local:7417`.
public struct PeerAddress: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    public init(parsing text: String) throws(DiscoveryError) {
        let problem = DiscoveryError("\u{201C}\(text)\u{201D} is not HOST:PORT (for example 192.0.2.7:7417 or [fe80::1]:7417)")
        var host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { throw problem }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":") else { throw problem }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
            if host.contains(":") { throw problem }
        }
        host = host.drop { $0 == " " }
        guard !host.isEmpty, !host.contains(where: { $0.isWhitespace || $0 == "/" }),
              let port = Int(portText), (1...65535).contains(port) else { throw problem }
        self.host = String(host)
        self.port = port
    }

    public var description: String { PeerTable.manualName(host: host, port: port) }
}
