import Foundation
import Testing
import FerryTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `ferry daemon status | stop | restart` against a real ferryd, and the version lines.
@Suite(.offThePool) struct DaemonControlEndToEndTests {
    @Test func statusSaysWhenNoFerrydRunsAndStartsNone() throws {
        let world = try FerryWorld()
        let outcome = try world.run("daemon", "status")
        #expect(outcome.status == 1)
        #expect(outcome.stdout == "ferryd is not running (socket \(world.socket))\n")
        #expect(world.daemonPID == nil)
        let json = try world.run("daemon", "status", "--json")
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["running"] as? Bool == false)
    }

    @Test func statusNamesTheRunningFerrydsPidVersionAndSocket() throws {
        let world = try FerryWorld()
        #expect(try world.run("ps").status == 0)
        let pid = try #require(world.daemonPID)
        let outcome = try world.run("daemon", "status")
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("ferryd is running, pid \(pid), ferryd 0.1.0, socket \(world.socket), up "), "\(outcome.stdout)")
        let json = try world.run("daemon", "status", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["pid"] as? Int == Int(pid))
        #expect(object["version"] as? String == "ferryd 0.1.0")
        #expect(object["uptimeSeconds"] is Int)
    }

    @Test func stopWaitsUntilFerrydHasGoneAndRestartStartsANewOne() throws {
        let world = try FerryWorld()
        #expect(try world.run("ps").status == 0)
        let first = try #require(world.daemonPID)
        let restart = try world.run("daemon", "restart")
        #expect(restart.status == 0, "\(restart.stderr)")
        let second = try #require(world.daemonPID)
        #expect(second != first)
        #expect(kill(first, 0) != 0 || Self.isZombie(first), "the first ferryd still runs")
        #expect(restart.stdout.hasPrefix("ferryd restarted, pid \(second), "), "\(restart.stdout)")
        let stop = try world.run("daemon", "stop")
        #expect(stop.status == 0)
        #expect(stop.stdout == "stopped ferryd\n")
        // Gone when stop returns: no wait here.
        #expect(!FileManager.default.fileExists(atPath: world.socket))
        #expect(kill(second, 0) != 0 || Self.isZombie(second))
        #expect(try world.run("daemon", "status").status == 1)
        let again = try world.run("daemon", "stop")
        #expect(again.status == 0)
        #expect(again.stdout == "ferryd was not running\n")
    }

    /// A clean stop (SIGTERM) logs no error: the socket it removes itself was once reported as
    /// "removed or replaced" (issue 29).
    @Test func aCleanStopLogsNoError() throws {
        let world = try FerryWorld()
        world.extraEnvironment = ["FERRY_TRANSFER_PORT": "0", "FERRY_TRANSFER_HOST": "127.0.0.1"]
        #expect(try world.run("ps").status == 0)
        #expect(try world.run("daemon", "stop").status == 0)
        let log = try String(contentsOfFile: world.root + "/state/ferry/ferryd.log", encoding: .utf8)
        #expect(log.contains(" listening"), "\(log)")
        #expect(!log.contains(" error "), "\(log)")
    }

    @Test func ferryAndFerrydPrintTheirVersionsAlike() throws {
        let world = try FerryWorld()
        let ferry = try world.run("--version")
        let daemon = try FerryWorld.runProgram(world.environment["FERRY_DAEMON"]!, ["--version"], environment: world.environment)
        #expect(ferry.stdout == "ferry 0.1.0\n")
        #expect(daemon.stdout == "ferryd 0.1.0\n")
        world.extraEnvironment["FERRY_FULL_PARSER"] = "1"
        #expect(try world.run("--version").stdout == "ferry 0.1.0\n")
    }

    @Test func anActionGoesWithoutInstallService() throws {
        let outcome = try FerryWorld().run("daemon", "stop", "--install-service")
        #expect(outcome.status == 64)
    }

    static func isZombie(_ pid: pid_t) -> Bool {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }
}
