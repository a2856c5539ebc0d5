/// A word from a closed set that the protocol sends as a string: an outcome, a progress event, a
/// role, an action, a mode. Both sides switch over the cases; a word this build does not know
/// (a newer peer's) is a clear ``WireError``, not a crash and not a silent default.
public protocol WireWord: RawRepresentable<String>, Codable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// What the word names, for the error about an unknown one (`outcome`, `event`, …).
    static var wireName: String { get }
}

extension WireWord {
    /// The case spelled `word` on the wire.
    ///
    /// - Throws: ``WireError`` `malformed-frame` naming the word and telling the user to upgrade.
    public init(wire word: String) throws(WireError) {
        guard let value = Self.named(word) else { throw Self.unknown(word) }
        self = value
    }

    /// A search of the cases, not `init(rawValue:)`: for an enum of many cases that builds a
    /// [String: Int] table on first use, and the runtime's check of its String: Hashable scans
    /// every conformance record in the binary, a fifth of `ferry open`'s instructions (issue 26).
    static func named(_ word: String) -> Self? {
        allCases.first { $0.rawValue == word }
    }

    static func unknown(_ word: String) -> WireError {
        WireError(.malformedFrame, "unknown \(wireName) \"\(word)\": the other side is newer than this build; upgrade ferry")
    }

    /// The word as sent, so that `"\(outcome)"` reads as the protocol spells it.
    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        let word = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self.named(word) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: Self.unknown(word).message))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
