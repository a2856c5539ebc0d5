import Testing
@testable import FerryTransfer

@Suite struct RateLimitTests {
    let rule = RateLimit.Rule(burst: 3, perSecond: 1)

    @Test func oneSourceIsHeldByItsOwnBucketAndRefills() {
        var limit = RateLimit(perSource: rule, global: .init(burst: 100, perSecond: 100))
        for _ in 0..<3 { #expect(limit.take("a", now: 0) == .allowed) }
        #expect(limit.take("a", now: 0) == .wait(seconds: 1))
        #expect(limit.take("b", now: 0) == .allowed, "another source is not held by a's bucket")
        #expect(limit.take("a", now: 1) == .allowed, "a second refills one event")
    }

    @Test func rotatingSourcesAreHeldByTheGlobalBucket() {
        var limit = RateLimit(perSource: rule, global: .init(burst: 10, perSecond: 0.5))
        for index in 0..<10 { #expect(limit.take("s\(index)", now: 0).isAllowed) }
        #expect(limit.take("fresh", now: 0) == .wait(seconds: 2))
        #expect(limit.take("fresh", now: 2).isAllowed)
    }

    @Test func chargesAfterTheFactGoBelowZeroAndForgiveResets() {
        var limit = RateLimit(perSource: rule, global: .init(burst: 100, perSecond: 100))
        for _ in 0..<5 { limit.charge("a", now: 0) }
        #expect(limit.check("a", now: 0) == .wait(seconds: 3))
        limit.forgive("a")
        #expect(limit.check("a", now: 0).isAllowed)
    }

    @Test func theSourceTableIsBoundedAndForgetsTheQuietestFirst() {
        var limit = RateLimit(perSource: rule, global: .init(burst: 1e9, perSecond: 1e9), maximumSources: 100)
        limit.charge("busy", now: 0)
        limit.charge("busy", now: 0)
        limit.charge("busy", now: 0)
        for index in 0..<1000 { limit.charge("s\(index)", now: Double(index) / 1000) }
        #expect(limit.sourceCount == 100)
        // The busy source's bucket was the emptiest: it is still remembered, and still held.
        #expect(limit.check("busy", now: 0.999) != .allowed)
    }

    @Test(arguments: [
        ("192.0.2.1", "192.0.2.1"),
        ("2001:db8:1:2::1", "2001:db8:1:2::/64"),
        ("2001:0db8:0001:0002:ffff:0:0:9", "2001:db8:1:2::/64"),
        ("fe80::1%eth0", "fe80:0:0:0::/64"),
        ("::1", "0:0:0:0::/64"),
    ])
    func addressesAreKeyedByHostOrIPv6Prefix(address: String, key: String) {
        #expect(RateLimit.sourceKey(address) == key)
    }
}

@Suite struct MemoryBudgetTests {
    @Test func strangersHoldOnlyTheirShareAndContactsTheRest() {
        let budget = MemoryBudget(total: 100, strangerShare: 60)
        #expect(budget.reserve(60, for: .stranger))
        #expect(!budget.reserve(1, for: .stranger))
        #expect(budget.reserve(40, for: .contact))
        #expect(!budget.reserve(1, for: .contact))
        budget.release(60, for: .stranger)
        #expect(budget.inUse == 40)
        #expect(budget.reserve(60, for: .stranger))
    }
}

@Suite struct JSONObjectCountTests {
    @Test func bracesInsideStringsAndEscapesAreNotCounted() {
        var count = JSONObjectCount()
        let json = #"{"a":{"b":"{{\"{"},"c":[{},{}]}"#
        // Fed a byte at a time: the count must not depend on where chunks split.
        for byte in json.utf8 { count.feed([byte]) }
        #expect(count.objects == 4)
    }
}
