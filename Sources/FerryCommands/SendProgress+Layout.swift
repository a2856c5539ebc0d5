/// How one progress bar line shares its width: the name, the percentage, the gauge and a tail
/// (byte counts, rate, ETA). The fullest tail that leaves the name its minimum wins.
struct BarLayout {
    var nameWidth: Int
    var gaugeWidth: Int
    var tail: String
    /// Which of the tails was taken: 0 the fullest.
    var level: Int

    /// The fewest columns a name gets before the tail gives something up.
    static let minimumName = 10

    /// - Parameters:
    ///   - name: The longest label the bar shows (its column is as wide as it, up to 28).
    ///   - tails: The tails to try, fullest first.
    ///   - width: The columns a line may take.
    init(name: String, tails: [String], width: Int) {
        let desired = min(28, max(5, name.count))
        let minimum = min(desired, Self.minimumName)
        // `NAME 100% [GAUGE] TAIL`: 6 columns for the spaces and the percentage.
        level = tails.firstIndex { width - 6 - $0.count >= minimum } ?? max(0, tails.count - 1)
        tail = tails.isEmpty ? "" : tails[level]
        let room = max(0, width - 6 - tail.count)
        // A gauge (8 to 20, plus ` []`) only once the name has up to 16; the name takes the rest.
        let named = min(desired, 16)
        nameWidth = room - 11 >= named ? min(desired, max(named, room - 23)) : min(desired, room)
        let left = room - nameWidth
        gaugeWidth = left >= 11 ? min(20, left - 3) : 0
        self.width = width
    }

    private var width = 0

    func line(_ label: String, percent: Int, gauge: (Int, Int), tail: String) -> String {
        let bar = gaugeWidth > 0 ? " [\(SendProgress.gauge(gauge.0, gauge.1, width: gaugeWidth))]" : ""
        let text = "\(SendProgress.column(label, nameWidth)) \(SendProgress.padded(percent))%\(bar) \(tail)"
        return String(text.prefix(width))
    }
}
