import Foundation
import Testing

@Suite(.offThePool) struct OffThePoolTests {
    @Test func aBlockingTestRunsOnAThreadOfItsOwn() {
        #expect(ThreadPerJobExecutor.isCurrent)
    }

    @Test func theTasksItStartsDoToo() async {
        async let child = ThreadPerJobExecutor.isCurrent
        #expect(await child)
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { ThreadPerJobExecutor.isCurrent }
            #expect(await group.next() == true)
        }
        #expect(ThreadPerJobExecutor.isCurrent)
    }
}

@Suite struct OnThePoolTests {
    @Test func aTestWithoutTheTraitStaysOnThePool() {
        #expect(!ThreadPerJobExecutor.isCurrent)
    }
}

@Suite struct OffThePoolCopiesTests {
    /// Test targets cannot share code, so each that needs the trait has a copy: they stay the same.
    @Test func everyTargetsCopyIsTheSame() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let mine = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("OffThePool.swift"), encoding: .utf8)
        let targets = try FileManager.default.contentsOfDirectory(atPath: tests.path)
        let copies = targets.map { tests.path + "/" + $0 + "/Support/OffThePool.swift" }
            .filter { FileManager.default.fileExists(atPath: $0) }
        #expect(copies.count >= 8)
        for copy in copies { #expect(try String(contentsOfFile: copy, encoding: .utf8) == mine, "\(copy)") }
    }
}
