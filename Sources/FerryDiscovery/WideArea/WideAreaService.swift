import FoundationEssentials
import Logging

/// Wide-area DNS-SD inside ``DiscoveryService``: every `pollInterval`, keep our records in the
/// zone current and browse the zone into discovery's table. Runs whether or not avahi-daemon does.
struct WideAreaService {
    let discovery: Discovery
    let configuration: WideAreaConfiguration
    let logger: Logger

    /// Until cancelled (graceful shutdown); then withdraws our records.
    func run() async {
        var publisher = WideAreaPublisher(configuration: configuration, logger: logger)
        var browseProblem: String?
        while !Task.isCancelled {
            let settings = configuration.settings()
            await publisher.step(settings, announcement: await discovery.wideAreaAnnouncement(), now: Date().timeIntervalSince1970)
            await discovery.setWideAreaNote(publisher.note)
            let problem = await browse(settings)
            if let problem, problem != browseProblem { logger.warning("wide-area: \(problem)") }
            browseProblem = problem
            // Without a domain nothing is due until the settings change (or a day has passed).
            let pause = settings == nil ? configuration.idleInterval : configuration.pollInterval
            await discovery.wideAreaSettingsChanged.wait(upTo: .milliseconds(Int64(pause * 1000)))
        }
        await publisher.finish(configuration.settings(), announcement: await discovery.wideAreaAnnouncement())
    }

    /// One browse into the table; what went wrong, if anything (the table then stays as it was).
    private func browse(_ settings: WideAreaSettings?) async -> String? {
        guard let settings else {
            await discovery.wideAreaBrowsed([])
            return nil
        }
        do throws(DiscoveryError) {
            let server = try configuration.server(for: settings)
            let zone: DNSName
            do { zone = try DNSName(settings.domain) } catch { throw DiscoveryError("\(settings.domain) is not a domain name") }
            let ours = try? zone.prepending(configuration.hostLabel)
            let found = try await WideAreaBrowser(zone: zone, host: server.host, port: server.port).browse()
            await discovery.wideAreaBrowsed(found.filter { service in
                ours.map { (try? DNSName(service.hostName))?.matches($0) != true } ?? true
            })
            return nil
        } catch {
            return "cannot browse \(settings.domain): \(error.message)"
        }
    }
}
