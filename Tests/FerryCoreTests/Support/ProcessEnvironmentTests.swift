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

    @Test func entriesAreTheEnvironmentAsItIs() {
        #expect(Set(ProcessEnvironment.entries().filter { $0.contains("=") }.map { String($0.prefix { $0 != "=" }) })
                    == Set(ProcessInfo.processInfo.environment.keys))
        #expect(ProcessEnvironment.value("PATH") == ProcessInfo.processInfo.environment["PATH"])
        #expect(ProcessEnvironment.value("FERRY_NO_SUCH_VARIABLE_SET") == nil)
    }

    @Test func aChildEnvironmentDropsTheRemovedAndTheReplacedAndAddsTheNew() {
        let parent = ["PATH=/bin", "FERRY_SOURCE_APPLICATION=com.a", "HOME=/h", "FERRY_DOCUMENTS=/old", "noequals", "PATHX=1"]
        let child = ProcessEnvironment.entries(parent, removing: ["FERRY_SOURCE_APPLICATION"],
                                               adding: ["FERRY_DOCUMENTS=/d", "FERRY_BUNDLE_ID=com.b"])
        #expect(child == ["PATH=/bin", "HOME=/h", "PATHX=1", "FERRY_DOCUMENTS=/d", "FERRY_BUNDLE_ID=com.b"])
    }
}
