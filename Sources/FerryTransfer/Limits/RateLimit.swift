/// Token buckets for one kind of event: one per source, one for everyone together, as a pure
/// value (time passed in). A source that rotates addresses is held by the global bucket; one
/// that floods from a single address is held by its own without starving the others.
///
/// The table of sources is bounded: when full, the source whose bucket has been full longest is
/// forgotten first (a forgotten source starts again with a full bucket, no better than a new one).
public struct RateLimit: Sendable, Equatable {
    /// A bucket's size and refill: `burst` events at once, then `perSecond` on average.
    public struct Rule: Sendable, Equatable {
        public var burst: Double
        public var perSecond: Double

        public init(burst: Double, perSecond: Double) {
            self.burst = burst
            self.perSecond = perSecond
        }
    }

    /// What a check answers: go ahead, or wait this many seconds first.
    public enum Decision: Sendable, Equatable {
        case allowed
        case wait(seconds: Double)

        public var isAllowed: Bool { self == .allowed }
    }

    struct Bucket: Sendable, Equatable {
        var tokens: Double
        var at: Double

        mutating func refill(_ rule: Rule, now: Double) {
            tokens = min(rule.burst, tokens + max(0, now - at) * rule.perSecond)
            at = now
        }

        func wait(_ rule: Rule) -> Double {
            tokens >= 1 ? 0 : (1 - tokens) / max(rule.perSecond, 1e-9)
        }
    }

    public let perSource: Rule
    public let global: Rule
    public let maximumSources: Int
    private var sources: [String: Bucket] = [:]
    private var everyone: Bucket

    /// - Parameters:
    ///   - perSource: Each source's bucket.
    ///   - global: The bucket all sources share.
    ///   - maximumSources: Sources remembered at once (default 4,096).
    public init(perSource: Rule, global: Rule, maximumSources: Int = 4096) {
        self.perSource = perSource
        self.global = global
        self.maximumSources = maximumSources
        everyone = Bucket(tokens: global.burst, at: 0)
    }

    /// Whether `source` may have one event now, without using it.
    public mutating func check(_ source: String, now: Double) -> Decision {
        everyone.refill(global, now: now)
        var own = sources[source] ?? Bucket(tokens: perSource.burst, at: now)
        own.refill(perSource, now: now)
        if sources[source] != nil { sources[source] = own }
        let wait = max(everyone.wait(global), own.wait(perSource))
        return wait == 0 ? .allowed : .wait(seconds: wait)
    }

    /// Uses one event of `source`'s and of the global bucket (both may go below one: a charge
    /// after the fact, such as a wrong PIN, is always recorded).
    public mutating func charge(_ source: String, now: Double) {
        everyone.refill(global, now: now)
        everyone.tokens -= 1
        var own = sources[source] ?? Bucket(tokens: perSource.burst, at: now)
        own.refill(perSource, now: now)
        own.tokens -= 1
        if sources[source] == nil, sources.count >= maximumSources { forgetOne(now: now) }
        sources[source] = own
    }

    /// ``check(_:now:)`` and, when allowed, ``charge(_:now:)``: for events refused up front.
    public mutating func take(_ source: String, now: Double) -> Decision {
        let decision = check(source, now: now)
        if decision.isAllowed { charge(source, now: now) }
        return decision
    }

    /// Forgets `source`'s history (a right PIN, say): it starts again with a full bucket.
    public mutating func forgive(_ source: String) {
        sources[source] = nil
    }

    /// Sources remembered now.
    public var sourceCount: Int { sources.count }

    private mutating func forgetOne(now: Double) {
        // The fullest bucket after refill: the source that has been quiet longest.
        let oldest = sources.max { a, b in
            Self.level(a.value, perSource, now) < Self.level(b.value, perSource, now)
                || (Self.level(a.value, perSource, now) == Self.level(b.value, perSource, now) && a.value.at > b.value.at)
        }
        if let oldest { sources[oldest.key] = nil }
    }

    private static func level(_ bucket: Bucket, _ rule: Rule, _ now: Double) -> Double {
        min(rule.burst, bucket.tokens + max(0, now - bucket.at) * rule.perSecond)
    }
}

extension RateLimit {
    /// The key a source address is counted under: an IPv4 address as it is, an IPv6 address by
    /// its /64 (one host is given a whole /64 and may pick any address in it for free).
    public static func sourceKey(_ address: String) -> String {
        guard address.contains(":") else { return address }
        let groups = expandIPv6(address)
        guard groups.count == 8 else { return address }
        return groups.prefix(4).joined(separator: ":") + "::/64"
    }

    /// The eight groups of an IPv6 address (lowercase, no leading zeros), or fewer when malformed.
    static func expandIPv6(_ address: String) -> [String] {
        let bare = address.split(separator: "%", maxSplits: 1).first.map(String.init) ?? address
        var halves = [bare]
        if let gap = bare.firstRange(of: "::") {
            halves = [String(bare[..<gap.lowerBound]), String(bare[gap.upperBound...])]
            guard !halves[1].contains("::") else { return [] }
        }
        let head = halves[0].split(separator: ":").map { String($0) }
        let tail = halves.count == 2 ? halves[1].split(separator: ":").map { String($0) } : []
        let missing = 8 - head.count - tail.count
        guard halves.count == 2 ? missing >= 1 : missing == 0 else { return [] }
        let groups = head + Array(repeating: "0", count: halves.count == 2 ? missing : 0) + tail
        return groups.map { group in
            let trimmed = group.lowercased().drop { $0 == "0" }
            return trimmed.isEmpty ? "0" : String(trimmed)
        }
    }
}
