import FerryProtocol
import FoundationEssentials

/// Wide-area DNS-SD (RFC 6763 over unicast DNS): the domain ferryd publishes in and browses, the
/// TSIG key its updates are signed with, and the DNS server they go to.
///
/// Kept by `ferry peers domain` in `$XDG_CONFIG_HOME/ferry/wide-area`, one `key value` a line;
/// `FERRY_WIDE_AREA_DOMAIN`, `FERRY_WIDE_AREA_KEY` and `FERRY_WIDE_AREA_SERVER` override the file.
public struct WideAreaSettings: Sendable, Equatable {
    /// The zone, `ferry.example.org`.
    public var domain: String
    /// A BIND key file (`tsig-keygen`); nil browses without publishing.
    public var keyFile: String?
    /// `ADDRESS` or `ADDRESS:PORT` of the DNS server; nil takes the first nameserver of /etc/resolv.conf.
    public var server: String?

    public init(domain: String, keyFile: String? = nil, server: String? = nil) {
        self.domain = domain
        self.keyFile = keyFile
        self.server = server
    }

    /// The file's text as written by `ferry peers domain`.
    public init?(fileText text: String) {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        guard let domain = values["domain"], !domain.isEmpty else { return nil }
        self.init(domain: domain, keyFile: values["key"], server: values["server"])
    }

    /// What the environment says, over what the file at `path` says; nil when neither names a domain.
    public static func load(environment: [String: String], path: String) -> WideAreaSettings? {
        var settings = (try? String(contentsOfFile: path, encoding: .utf8)).flatMap(WideAreaSettings.init(fileText:))
        if let domain = environment["FERRY_WIDE_AREA_DOMAIN"] {
            guard !domain.isEmpty, domain != "off" else { return nil }
            settings = WideAreaSettings(domain: domain, keyFile: settings?.keyFile, server: settings?.server)
        }
        if let key = environment["FERRY_WIDE_AREA_KEY"] { settings?.keyFile = key.isEmpty ? nil : key }
        if let server = environment["FERRY_WIDE_AREA_SERVER"] { settings?.server = server.isEmpty ? nil : server }
        return settings
    }

    /// The server's address and port: ``server``, else the first `nameserver` of `resolvConf`.
    /// - Throws: ``DiscoveryError`` when neither names one.
    public func serverAddress(resolvConf: String) throws(DiscoveryError) -> (host: String, port: Int) {
        if let server {
            if let parsed = try? PeerAddress(parsing: server) { return (parsed.host, parsed.port) }
            return (server, 53)
        }
        for line in resolvConf.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if words.count >= 2, words[0] == "nameserver" { return (String(words[1]), 53) }
        }
        throw DiscoveryError("no DNS server for \(domain): none in /etc/resolv.conf; give one with `ferry peers domain \(domain) --server ADDRESS`")
    }
}
