import FoundationEssentials
import Logging
import ServiceLifecycle

/// Warns apps when memory pressure rises past the threshold (a share of time some task stalled on
/// memory, as in `/proc/pressure/memory`); once per episode, not on every reading. A PSI trigger
/// says when; where the kernel refuses one (no CAP_SYS_RESOURCE, a container, an old kernel) it
/// reads `avg10` every 2 s instead, and logs that it does.
struct MemoryPressureMonitor: Service {
    let manager: AppManager
    let threshold: Double
    let logger: Logger
    var path = "/proc/pressure/memory"
    /// The trigger's window: the threshold's share of it is the stall that raises an event.
    var window: Duration = .seconds(1)
    /// Stalls this far apart are separate episodes, each warned about: avg10's horizon.
    var quiet: Duration = .seconds(10)

    func run() async throws {
        // Cancelled at shutdown: a normal end, not a failure that would cancel the whole group.
        try? await cancelWhenGracefulShutdown {
            if let trigger = PressureTrigger(path: path, stall: window * (threshold / 100), window: window) {
                defer { trigger.close() }
                await warn(at: trigger.events)
            } else {
                logger.info("no PSI trigger on \(path) (refused); reading it every 2 s")
                try await readEvery(.seconds(2))
            }
        }
    }

    /// Warns at the first stall of each episode.
    private func warn(at stalls: AsyncStream<Void>) async {
        var episodes = PressureEpisodes(quiet: quiet)
        for await _ in stalls where episodes.stalled(at: .now) {
            _ = await manager.memoryWarning()
        }
    }

    private func readEvery(_ interval: Duration) async throws {
        var underPressure = false
        while true {
            if let share = Self.someAverage10(path) {
                if share >= threshold && !underPressure { _ = await manager.memoryWarning() }
                underPressure = share >= threshold
            }
            try await Task.sleep(for: interval)
        }
    }

    /// The `avg10` of the `some` line: the share of the last 10 s some task stalled on memory.
    static func someAverage10(_ path: String) -> Double? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        return parse(String(decoding: data, as: UTF8.self))
    }

    static func parse(_ text: String) -> Double? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("some ") }),
              let field = line.split(separator: " ").first(where: { $0.hasPrefix("avg10=") })
        else { return nil }
        return Double(field.dropFirst("avg10=".count))
    }
}

/// Stalls reported by a PSI trigger, grouped into episodes: stalls less than `quiet` apart are one.
struct PressureEpisodes {
    let quiet: Duration
    private var last: ContinuousClock.Instant?

    init(quiet: Duration) { self.quiet = quiet }

    /// Notes a stall. - Returns: whether it begins an episode (apps are then warned).
    mutating func stalled(at now: ContinuousClock.Instant) -> Bool {
        defer { last = now }
        return last.map { now - $0 >= quiet } ?? true
    }
}
