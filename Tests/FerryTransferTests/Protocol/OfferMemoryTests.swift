import FerryCore
import Foundation
import Testing
@testable import FerryTransfer
import FerryTestSupport

/// The memory one untrusted offer body can cost before trust is checked. Each crafted body is as
/// large as the server reads (16 MiB); decoding it may raise the peak RSS by at most a few times its
/// size. Each is measured in a process of its own, as the peak is per process.
@Suite(.offThePool, .serialized) struct OfferMemoryTests {
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

    /// Set in the copy of the test binary that measures one body alone.
    static let isChild = ProcessInfo.processInfo.environment["FERRY_OFFER_MEMORY_CHILD"] != nil

    /// Decodes `body` (refused or not) in a copy of this test binary that runs only the calling
    /// test, so no other suite's allocations count, and checks how far the peak RSS rose above
    /// the RSS before decoding.
    func measure(_ name: String, _ body: () -> [UInt8], test: String = #function) throws {
        guard Self.isChild else { return try runAlone(String(test.prefix { $0 != "(" })) }
        let body = body()
        releaseFreedMemory()  // memory freed while building the body must not be reused unseen
        FileManager.default.createFile(atPath: "/proc/self/clear_refs", contents: Data("5".utf8))  // resets VmHWM
        let before = Self.status("VmRSS")
        let start = ContinuousClock.now
        let outcome = Result { () throws(JSONFieldError) in try TransferOffer(json: body) }
        let elapsed = ContinuousClock.now - start
        let growth = (Self.status("VmHWM") - before) * 1024
        let verdict = (try? outcome.get()).map { "\($0.files.count) files" } ?? "refused: \(outcome)"
        print("offer memory \(name): \(body.count) bytes, peak RSS +\(growth / 1_048_576) MiB, \(elapsed), \(verdict.prefix(100))")
        #expect(growth <= Self.allowedGrowth, "\(name): peak RSS grew by \(growth) bytes")
    }

    private func runAlone(_ test: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--testing-library", "swift-testing", "--filter", "OfferMemoryTests/\(test)\\("]
        process.environment = ProcessInfo.processInfo.environment.merging(["FERRY_OFFER_MEMORY_CHILD": "1"]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let figures = output.split(separator: "\n").filter { $0.hasPrefix("offer memory") }
        for line in figures { print(line) }
        #expect(process.terminationStatus == 0 && figures.count == 1, "\(output.suffix(3000))")
    }

    @Test func emptyObjects() throws {
        try measure("{} members") { Self.body(#"{"sender":"x","files":["#, "{}", "]}") }
    }

    @Test func zeros() throws {
        try measure("[0,0,…]") { Self.body(#"{"sender":"x","files":["#, "0", "]}") }
    }

    @Test func unknownMember() throws {
        try measure("unknown [[],…]") { Self.body(#"{"sender":"x","files":[],"future":["#, "[]", "]}") }
    }

    @Test func smallestFiles() throws {
        try measure("smallest files") { Self.body(#"{"sender":"x","files":["#, #"{"id":"","path":"","size":0}"#, "]}") }
    }

    @Test func manyMembers() throws {
        try measure("distinct members") {
            var members = Array(#"{"sender":"x","files":[]"#.utf8)
            members.reserveCapacity(Self.bodyLimit)
            var index = 0
            while members.count < Self.bodyLimit - 16 {
                members.append(contentsOf: ",\"\(index)\":0".utf8)
                index += 1
            }
            members.append(UInt8(ascii: "}"))
            return members
        }
    }

    /// The most an offer can hold once decoded: as many files as allowed, their paths filling the body.
    @Test func largestAcceptedOffer() throws {
        let files = TransferLimits().maximumFiles
        let path = String(repeating: "p", count: (Self.bodyLimit - 64) / files - #"{"id":"f000000","path":"","size":0},"#.utf8.count)
        try measure("\(files) files") { Self.body(#"{"sender":"x","files":["#, #"{"id":"f000000","path":"\#(path)","size":0}"#, "]}", count: files) }
    }

    @Test func escapedStrings() throws {
        try measure("escaped sender") { Self.body(#"{"files":[],"sender":"\#(String(repeating: #"\u0041"#, count: Self.bodyLimit / 6 - 8))"#, "", #""}"#) }
    }
}
