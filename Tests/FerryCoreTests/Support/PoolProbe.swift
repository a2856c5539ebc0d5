import Foundation
import Testing

/// How late the Swift concurrency pool runs a task that sleeps 100 ms at a time: when tests hold
/// the pool's threads with blocking waits, every in-process server stalls as long as it does.
/// Off unless FERRY_TEST_POOL_PROBE names a file; one probe serves the whole test process.
enum PoolProbe {
    static let threshold = Duration.milliseconds(200)

    static func run(writingTo path: String) async {
        let clock = ContinuousClock()
        var samples = 0, stalls: [(at: Date, late: Duration)] = []
        while true {
            let before = clock.now
            try? await Task.sleep(for: .milliseconds(100))
            let late = clock.now - before - .milliseconds(100)
            samples += 1
            if late > threshold { stalls.append((Date(), late)) }
            if late > threshold || samples % 50 == 0 { write(samples, stalls, to: path) }
        }
    }

    /// Rewrites the summary each time: the process ends without telling the probe.
    static func write(_ samples: Int, _ stalls: [(at: Date, late: Duration)], to path: String) {
        let sorted = stalls.map { seconds($0.late) }.sorted()
        func quantile(_ q: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] }
        var text = "samples \(samples) stalls>200ms \(sorted.count) median \(fmt(quantile(0.5))) p99 \(fmt(quantile(0.99)))"
        text += " max \(fmt(sorted.last ?? 0)) total \(fmt(sorted.reduce(0, +)))\n"
        for stall in stalls { text += "\(fmt(stall.at.timeIntervalSince1970)) \(fmt(seconds(stall.late)))\n" }
        try? text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func fmt(_ value: Double) -> String { String(format: "%.3f", value) }
}

@Suite struct PoolProbeTests {
    /// Starts the probe, detached so that it outlives this test, and returns at once.
    @Test func poolProbe() {
        guard let path = ProcessInfo.processInfo.environment["FERRY_TEST_POOL_PROBE"] else { return }
        Task.detached { await PoolProbe.run(writingTo: path) }
    }
}
