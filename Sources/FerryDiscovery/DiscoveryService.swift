import Logging
import ServiceLifecycle

/// Runs discovery inside ferryd's service group: Avahi's events in, liveness checks out.
///
/// Without avahi-daemon it keeps waiting for one and ferryd runs on; on graceful shutdown it frees
/// its Avahi client so avahi-daemon sends goodbye packets for our service.
public struct DiscoveryService: Service {
    let discovery: Discovery
    let logger: Logger

    public init(discovery: Discovery, logger: Logger) {
        self.discovery = discovery
        self.logger = logger
    }

    public func run() async throws {
        guard await discovery.status != .disabled else {
            try? await gracefulShutdown()
            return
        }
        guard let wideArea = await discovery.wideArea else { return await runAvahi() }
        let service = WideAreaService(discovery: discovery, configuration: wideArea, logger: logger)
        // The wide-area loop stops with the group and withdraws our records, as Avahi's goodbye does.
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await cancelWhenGracefulShutdown { await service.run() } }
            group.addTask { await runAvahi() }
        }
    }

    private func runAvahi() async {
        let session: AvahiSession
        do {
            session = try AvahiSession()
        } catch {
            await discovery.handle(.unavailable(message: error.message))
            try? await gracefulShutdown()
            return
        }
        await discovery.attach(session)
        session.connect()
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await event in session.events { await discovery.handle(event) }
                }
                group.addTask { await checkPeers(session) }
                await group.next()
                group.cancelAll()
            }
        }
        session.close()
    }

    /// When something is due (at most every quarter second): start the liveness checks that are
    /// due, and reconnect when it is time.
    private func checkPeers(_ session: AvahiSession) async {
        let timeout = await discovery.policy.timeout
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled {
                let (checks, resolves, reconnect) = await discovery.tick()
                if reconnect { session.connect() }
                for key in resolves { session.resolve(key) }
                // One question per host: its services share its answer.
                for sameHost in Dictionary(grouping: checks, by: { "\($0.hostName ?? "")|\($0.address)|\($0.hostName == nil ? $0.port : 0)" }).values {
                    group.addTask {
                        let reachable = await LivenessCheck.run(sameHost[0], timeout: timeout)
                        for check in sameHost { await discovery.checked(check, reachable: reachable) }
                    }
                }
                await discovery.waitForTick(minimum: .milliseconds(250))
            }
        }
    }
}
