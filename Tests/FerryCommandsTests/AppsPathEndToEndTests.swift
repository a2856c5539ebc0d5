import Foundation
import Testing
import FerryTestSupport

/// A relative `FERRY_APPS_PATH` entry is refused with one line (issue 29: it was dropped silently).
@Suite(.offThePool) struct AppsPathEndToEndTests {
    @Test(arguments: [["open", "todolist://x"], ["apps"], ["can-open", "todolist://x"]])
    func aRelativeEntryIsRefused(_ arguments: [String]) throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_APPS_PATH"] = world.apps + ":relative/apps"
        let outcome = try world.run(arguments)
        #expect(outcome.status == 78)
        #expect(outcome.stderr == "ferry: FERRY_APPS_PATH names \"relative/apps\", which is not an absolute path; give each folder from / (for one here: \"$PWD/relative/apps\")\n")
        #expect(world.daemonPID == nil)
    }

    @Test func versionStillAnswers() throws {
        let world = try FerryWorld()
        world.extraEnvironment["FERRY_APPS_PATH"] = "relative"
        #expect(try world.run("--version").status == 0)
    }

    @Test func ferrydRefusesItToo() throws {
        let world = try FerryWorld()
        var environment = world.environment
        environment["FERRY_APPS_PATH"] = "relative"
        environment["FERRY_LOCALSEND_PORT"] = "off"
        environment["FERRY_TRANSFER_PORT"] = "off"
        let outcome = try FerryWorld.runProgram(environment["FERRY_DAEMON"]!, [], environment: environment)
        #expect(outcome.status == 78)
        #expect(outcome.stderr == "ferryd: FERRY_APPS_PATH names \"relative\", which is not an absolute path\n")
        #expect(world.daemonPID == nil)
    }
}
