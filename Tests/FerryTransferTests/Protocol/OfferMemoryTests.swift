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

    /// `prefix`, then `element` repeated with commas `count` times or until the body is full, then `suffix`.
    static func body(_ prefix: String, _ element: String, _ suffix: String, count: Int = .max) -> [UInt8] {
        var bytes = Array(prefix.utf8)
        let count = min(count, (bodyLimit - prefix.utf8.count - suffix.utf8.count) / (element.utf8.count + 1))
        bytes.reserveCapacity(bodyLimit)
        for index in 0..<count {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: element.utf8)
        }
        bytes.append(contentsOf: suffix.utf8)
        return bytes
    }

    /// A line of /proc/self/status in KiB (`VmRSS`, `VmHWM`).
    static func status(_ name: String) -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// Decodes `body` (refused or not) and checks how far the peak RSS rose above the RSS before:
    /// the peak is reset first (`clear_refs`), so memory freed while building the body cannot hide
    /// the decoder's, and the heap is trimmed. Other suites allocate at the same time, so the smaller
    /// of two runs counts.
    func measure(_ name: String, _ body: [UInt8]) {
        var growths: [Int] = []
        for _ in 0..<2 {
            releaseFreedMemory()  // memory freed by the run before must not be reused unseen
            FileManager.default.createFile(atPath: "/proc/self/clear_refs", contents: Data("5".utf8))
            let before = Self.status("VmRSS")
            let start = ContinuousClock.now
            let outcome = Result { () throws(JSONFieldError) in try TransferOffer(json: body) }
            let elapsed = ContinuousClock.now - start
            growths.append((Self.status("VmHWM") - before) * 1024)
            let verdict = (try? outcome.get()).map { "\($0.files.count) files" } ?? "refused: \(outcome)"
            print("offer memory \(name): \(body.count) bytes, peak RSS +\(growths.last! / 1_048_576) MiB, \(elapsed), \(verdict.prefix(120))")
        }
        #expect(growths.min()! <= Self.allowedGrowth, "\(name): peak RSS grew by \(growths) bytes")
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

    /// The most an offer can hold once decoded: as many files as allowed, their paths filling the body.
    @Test func largestAcceptedOffer() {
        let files = TransferLimits().maximumFiles
        let path = String(repeating: "p", count: (Self.bodyLimit - 64) / files - #"{"id":"f000000","path":"","size":0},"#.utf8.count)
        measure("\(files) files", Self.body(#"{"sender":"x","files":["#, #"{"id":"f000000","path":"\#(path)","size":0}"#, "]}", count: files))
    }

    @Test func escapedStrings() {
        measure("escaped sender", Self.body(#"{"files":[],"sender":"\#(String(repeating: #"\u0041"#, count: Self.bodyLimit / 6 - 8))"#, "", #""}"#))
    }
}
