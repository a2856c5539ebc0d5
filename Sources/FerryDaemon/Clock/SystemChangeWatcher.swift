import FerryCore
import Logging
import ServiceLifecycle

/// Posts `significantTimeChange` and `currentLocaleDidChange` (docs/app-services.md): a
/// ``MidnightTimer`` for midnight and the clock being set, inotify on `/etc` for the time zone
/// (`localtime`) and on `/etc` and `/etc/default` for the locale files. No polling.
struct SystemChangeWatcher: Service {
    /// The folder holding `localtime`, `locale.conf` and `default/locale`: `/etc`, or
    /// `FERRY_ETC` (tests).
    let etc: String
    let post: @Sendable (QueuedNotification) async -> Void
    let logger: Logger
    /// When the midnight timer fires; nil: the next local midnight.
    var next: (@Sendable () -> Int)?

    init(etc: String, logger: Logger, post: @escaping @Sendable (QueuedNotification) async -> Void) {
        self.etc = etc
        self.logger = logger
        self.post = post
    }

    init(environment: [String: String], manager: AppManager, logger: Logger) {
        self.init(etc: environment["FERRY_ETC"] ?? "/etc", logger: logger) { await manager.post($0, to: nil) }
    }

    func run() async throws {
        let timer = next.map { MidnightTimer(next: $0) } ?? MidnightTimer()
        if timer == nil { logger.notice("no timerfd: midnight and clock changes go unnoticed") }
        defer { timer?.close() }
        let (inotify, batches) = Inotify.shared.subscribe()
        defer { inotify.close() }
        let etcWatch = inotify.watch(etc, mask: SystemChanges.mask)
        let defaultWatch = inotify.watch(etc + "/default", mask: SystemChanges.mask)
        await withDiscardingTaskGroup { group in
            if let timer {
                group.addTask {
                    for await change in timer.events.cancelOnGracefulShutdown() { await post(.significantTimeChange(change)) }
                }
            }
            var locale = SystemChanges.locale(etc: etc)
            for await batch in batches.cancelOnGracefulShutdown() {
                let changes = SystemChanges(batch, etc: etcWatch, etcDefault: defaultWatch)
                if changes.timeZone {
                    timer?.arm()  // midnight moved with the zone
                    await post(.significantTimeChange(.timeZone))
                }
                guard changes.locale else { continue }
                let now = SystemChanges.locale(etc: etc)
                if now != locale { await post(.currentLocaleDidChange(now)) }
                locale = now
            }
            group.cancelAll()
        }
    }
}
