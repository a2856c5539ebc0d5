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

    @Test func aVariableIsReadWithGetenv() {
        #expect(ProcessEnvironment.value("PATH") == ProcessInfo.processInfo.environment["PATH"])
        #expect(ProcessEnvironment.value("FERRY_NO_SUCH_VARIABLE_SET") == nil)
    }

    @Test func anInheritedChildEnvironmentDropsTheRemovedAndTheReplacedAndAddsTheNew() {
        let child = ChildEnvironment.inherited(removing: ["PATH"], adding: ["HOME=/h", "FERRY_TEST_ADDED=a=b"])
        let entries = child.withPointers { envp in envp.compactMap { $0.map { String(cString: $0) } } }
        var expected = ProcessInfo.processInfo.environment
        expected["PATH"] = nil
        expected["HOME"] = "/h"
        expected["FERRY_TEST_ADDED"] = "a=b"
        #expect(Set(entries) == Set(expected.map { $0.key + "=" + $0.value }))
        #expect(entries.count == expected.count)
        #expect(Array(entries.suffix(2)) == ["HOME=/h", "FERRY_TEST_ADDED=a=b"])
    }

    @Test func aNameMatchesOnlyAWholeName() {
        "PATHX=1".withCString { entry in
            #expect(!ChildEnvironment.entry(entry, names: "PATH"))
            #expect(ChildEnvironment.entry(entry, names: "PATHX"))
        }
        #expect(ChildEnvironment.name("A==b") == "A")
        #expect(ChildEnvironment.name("noequals") == nil)
    }

    @Test func givenVariablesChangeAsTheInheritedOnesDo() {
        let child = ChildEnvironment.changing(["PATH": "/bin", "HOME": "/r", "A": "1"], removing: ["PATH"], adding: ["HOME=/h"])
        let entries = child.withPointers { envp in envp.compactMap { $0.map { String(cString: $0) } } }
        #expect(entries == ["A=1", "HOME=/h"])
    }

    @Test func givenEntriesGoAsTheyAre() {
        let entries = ChildEnvironment.entries(["A=1", "B=2"]).withPointers { envp in envp.map { $0.map { String(cString: $0) } } }
        #expect(entries == ["A=1", "B=2", nil])
    }
}
