@testable import FerryCore
import Foundation
import Testing

@Suite struct ProcessEnvironmentTests {
    @Test func readsWhatFoundationReads() {
        #expect(ProcessEnvironment.current() == ProcessInfo.processInfo.environment)
    }

    @Test func theFirstOfARepeatedNameWinsAndEntriesWithoutEqualsAreSkipped() {
        var result: [String: String] = [:]
        for entry in ["A=1", "B==x=", "A=2", "noequals", "=empty-name", "C="] {
            ProcessEnvironment.add(entry, to: &result)
        }
        #expect(result == ["A": "1", "B": "=x=", "": "empty-name", "C": ""])
    }
}
