import Foundation
import Testing
import FerryTestSupport

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
