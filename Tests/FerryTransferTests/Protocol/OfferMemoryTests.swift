import FerryCore
import Foundation
import Testing
@testable import FerryTransfer

/// The memory one untrusted offer body can cost before trust is checked. Each crafted body is as
/// large as the server reads (16 MiB); decoding it may raise the peak RSS by at most a few times its
/// size. Run one test alone for an exact figure: the peak is per process.
@Suite(.serialized) struct OfferMemoryTests {
    static let bodyLimit = TransferLimits().maximumOfferBody
    /// Peak growth allowed while decoding one body of `bodyLimit` bytes.
    static let allowedGrowth = 4 * bodyLimit

    /// `prefix`, then `element` repeated with commas until the body is full, then `suffix`.
    static func body(_ prefix: String, _ element: String, _ suffix: String) -> [UInt8] {
        var bytes = Array(prefix.utf8)
        let count = (bodyLimit - prefix.utf8.count - suffix.utf8.count) / (element.utf8.count + 1)
        bytes.reserveCapacity(bodyLimit)
        for index in 0..<count {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: element.utf8)
        }
        bytes.append(contentsOf: suffix.utf8)
        return bytes
    }

    static func peakKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }

    /// Decodes `body` (refused or not) and checks the growth of the peak RSS.
    func measure(_ name: String, _ body: [UInt8]) {
        let before = Self.peakKiB()
        let start = ContinuousClock.now
        let outcome = Result { () throws(JSONFieldError) in try TransferOffer(json: body) }
        let elapsed = ContinuousClock.now - start
        let growth = (Self.peakKiB() - before) * 1024
        let verdict = (try? outcome.get()).map { "\($0.files.count) files" } ?? "refused"
        print("offer memory \(name): \(body.count) bytes, peak RSS +\(growth / 1_048_576) MiB, \(elapsed), \(verdict)")
        #expect(growth <= Self.allowedGrowth, "\(name): peak RSS grew by \(growth) bytes")
    }

    @Test func emptyObjects() {
        measure("{} members", Self.body(#"{"sender":"x","files":["#, "{}", "]}"))
    }

    @Test func zeros() {
        measure("[0,0,…]", Self.body(#"{"sender":"x","files":["#, "0", "]}"))
    }

    @Test func unknownMember() {
        measure("unknown [[],…]", Self.body(#"{"sender":"x","files":[],"future":["#, "[]", "]}"))
    }

    @Test func smallestFiles() {
        measure("smallest files", Self.body(#"{"sender":"x","files":["#, #"{"id":"","path":"","size":0}"#, "]}"))
    }

    @Test func manyMembers() {
        var members = Array(#"{"sender":"x","files":[]"#.utf8)
        members.reserveCapacity(Self.bodyLimit)
        var index = 0
        while members.count < Self.bodyLimit - 16 {
            members.append(contentsOf: ",\"\(index)\":0".utf8)
            index += 1
        }
        members.append(UInt8(ascii: "}"))
        measure("distinct members", members)
    }
}
