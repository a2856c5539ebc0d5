import FoundationEssentials
import Logging
import ServiceLifecycle

/// Reads Linux pressure-stall information (`/proc/pressure/memory`) and warns apps when memory
/// pressure rises past the threshold; once per episode, not on every reading.
struct MemoryPressureMonitor: Service {
    let manager: AppManager
    let threshold: Double
    let logger: Logger
    var path = "/proc/pressure/memory"

    func run() async throws {
        // Cancelled at shutdown: a normal end, not a failure that would cancel the whole group.
        try? await cancelWhenGracefulShutdown {
            var underPressure = false
            while true {
                if let share = Self.someAverage10(path) {
                    if share >= threshold && !underPressure { _ = await manager.memoryWarning() }
                    underPressure = share >= threshold
                }
                try await Task.sleep(for: .seconds(2))
            }
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
