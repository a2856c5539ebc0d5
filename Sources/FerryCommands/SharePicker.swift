import FerryCore

/// The share sheet's prompt as a pure function of the lines typed, so it is tested without a
/// terminal: a numbered list, then a number, `q` or an empty line.
enum SharePicker {
    /// What one typed line means.
    enum Step: Equatable {
        case chosen(Int)
        case cancelled
        case again(String)
    }

    /// Tries allowed before giving up.
    static let attempts = 3

    /// The list as printed: `  1  Kitchen  192.168.1.20:47120  contacts  trusted`.
    static func render(_ peers: [SharePeer]) -> String {
        let rows = peers.enumerated().map { index, peer in
            [String(index + 1), PeerText.printable(peer.name), PeerText.printable(peer.address), PeerText.printable(peer.mode ?? "-"),
             peer.trusted ? "trusted" : "not trusted"]
        }
        return Table.render(header: ["#", "NAME", "ADDRESS", "MODE", "TRUST"], rows: rows)
    }

    /// The meaning of `line` (nil: end of input) for a list of `count` peers.
    static func step(_ line: String?, count: Int) -> Step {
        guard let line else { return .cancelled }
        let typed = line.filter { !$0.isWhitespace }
        if typed.isEmpty || typed.lowercased() == "q" { return .cancelled }
        guard let number = Int(typed), (1...count).contains(number) else {
            return .again("type a number from 1 to \(count), or q to cancel")
        }
        return .chosen(number - 1)
    }

    /// Asks until a valid answer, at most ``attempts`` times.
    ///
    /// - Parameters:
    ///   - read: The next line typed, nil at the end of input.
    ///   - say: Shows the prompt and hints.
    /// - Returns: The chosen index, or nil when the user cancelled or gave up.
    static func choose(count: Int, read: () -> String?, say: (String) -> Void) -> Int? {
        for _ in 0..<attempts {
            say("Send to which peer? [1-\(count), q to cancel] ")
            switch step(read(), count: count) {
            case .chosen(let index): return index
            case .cancelled: return nil
            case .again(let hint): say(hint + "\n")
            }
        }
        return nil
    }
}
