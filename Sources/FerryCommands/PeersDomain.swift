import ArgumentParser
import FerryCore
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension Ferry.Peers {
    /// `ferry peers domain`: the wide-area DNS-SD domain (docs/discovery.md), kept in
    /// `$XDG_CONFIG_HOME/ferry/wide-area`, which ferryd reads again every few seconds.
    struct Domain: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Publish and find peers in a DNS domain, across routers (wide-area DNS-SD).",
            discussion: """
                ferryd registers this device in DOMAIN by DNS UPDATE signed with the TSIG key in FILE \
                (BIND's format: tsig-keygen NAME), and lists the devices published there beside the \
                mDNS ones. Without --key it only browses. With no DOMAIN it shows the setting.
                """)

        @Argument(help: ArgumentHelp("The zone to publish in and browse, e.g. ferry.example.org.", valueName: "domain"))
        var domain: String?

        @Option(help: ArgumentHelp("A TSIG key file (hmac-sha256) the zone accepts updates with.", valueName: "file"))
        var key: String?

        @Option(help: ArgumentHelp("The DNS server (default: the first nameserver in /etc/resolv.conf).", valueName: "address[:port]"))
        var server: String?

        @Flag(help: "Stop publishing in and browsing a domain.")
        var off = false

        @OptionGroup var output: OutputOptions

        func validate() throws {
            if off && (domain != nil || key != nil || server != nil) {
                throw ValidationError("--off takes no domain, --key or --server")
            }
            if domain == nil && (key != nil || server != nil) {
                throw ValidationError("--key and --server need a domain: ferry peers domain DOMAIN --key FILE")
            }
        }

        func run() throws {
            let path = Context().paths.configHome + "/wide-area"
            if off {
                unlink(path)
                return output.emit(DomainSetting(domain: nil)) { "wide-area discovery is off" }
            }
            guard let domain else { return show(path) }
            let setting = DomainSetting(domain: try Self.checkedDomain(domain), key: try key.map(Self.checkedKey), server: server)
            do {
                try FileSystem.createDirectories(Context().paths.configHome)
                try FileSystem.writeAtomically(Array(setting.fileText.utf8), to: path)
            } catch {
                throw CommandFailure(message: "cannot save \(path): \(error)", exit: FerryExit.cannotWrite)
            }
            output.emit(setting) { setting.line + "; ferryd takes it up within a few seconds (ferry peers shows how it went)" }
        }

        private func show(_ path: String) {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            let setting = DomainSetting(fileText: text)
            output.emit(setting) { setting.domain == nil ? "no wide-area domain (ferry peers domain DOMAIN --key FILE)" : setting.line }
        }

        static func checkedDomain(_ text: String) throws -> String {
            let name = text.hasSuffix(".") ? String(text.dropLast()) : text
            let labels = name.split(separator: ".", omittingEmptySubsequences: false)
            guard !name.isEmpty, name.utf8.count < 254, labels.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 63 }),
                  name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_") }) else {
                throw CommandFailure(message: "\"\(text)\" is not a domain name (like ferry.example.org)", exit: FerryExit.usage)
            }
            return name.lowercased()
        }

        /// The key file, absolute; it must be readable and look like tsig-keygen's output.
        static func checkedKey(_ file: String) throws -> String {
            let path = file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw CommandFailure(message: "cannot read the key file \(path)", exit: FerryExit.noInput)
            }
            guard text.contains("secret"), text.lowercased().contains("hmac-sha256") else {
                throw CommandFailure(message: "\(path) is not an hmac-sha256 TSIG key; make one with `tsig-keygen NAME`", exit: FerryExit.badConfiguration)
            }
            return path
        }
    }
}

/// The wide-area setting, as `--json` prints it and the file keeps it (one `key value` a line).
struct DomainSetting: Encodable {
    var domain: String?
    var key: String?
    var server: String?

    init(domain: String?, key: String? = nil, server: String? = nil) {
        self.domain = domain
        self.key = key
        self.server = server
    }

    init(fileText: String) {
        var values: [Substring: String] = [:]
        for line in fileText.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { values[parts[0]] = String(parts[1]) }
        }
        self.init(domain: values["domain"], key: values["key"], server: values["server"])
    }

    var fileText: String {
        "# Ferry's wide-area DNS-SD domain (ferry peers domain).\n"
            + [("domain", domain), ("key", key), ("server", server)].compactMap { name, value in value.map { "\(name) \($0)\n" } }.joined()
    }

    var line: String {
        "wide-area domain \(domain ?? "-"): " + (key.map { "publishing with the key in \($0)" } ?? "browsing only (no --key)")
            + ", DNS server " + (server ?? "from /etc/resolv.conf")
    }
}
