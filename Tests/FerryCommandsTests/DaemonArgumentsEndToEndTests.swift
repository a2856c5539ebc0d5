import Foundation
import Testing
import FerryTestSupport

/// `ferryd --help`, `--version` and a mistyped flag answer and exit at once: no socket, no port.
/// Run in a network namespace of their own (`unshare -n`, as root) so that a ferryd that does start
/// by mistake binds nothing on the machine's network.
@Suite(.offThePool) struct DaemonArgumentsEndToEndTests {
    static var ferryd: String {
        URL(fileURLWithPath: FerryWorld.binary).deletingLastPathComponent().appendingPathComponent("ferryd").path
    }

    /// Runs ferryd with `arguments`, killed after 5 s; returns its outcome and how long it took.
    func run(_ arguments: [String], in world: FerryWorld) throws -> (FerryWorld.Outcome, Duration) {
        var environment = world.environment
        environment["FERRY_LOCALSEND_PORT"] = "off"
        environment["FERRY_TRANSFER_PORT"] = "off"
        let isolated = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")
        let command = ["-s", "KILL", "5"] + (isolated ? ["/usr/bin/unshare", "-n"] : []) + [Self.ferryd] + arguments
        let start = ContinuousClock.now
        let outcome = try FerryWorld.runProgram("/usr/bin/timeout", command, environment: environment)
        return (outcome, ContinuousClock.now - start)
    }

    @Test(arguments: ["--help", "-h"])
    func helpPrintsTheUsageAndExits(_ flag: String) throws {
        let world = try FerryWorld()
        let (outcome, took) = try run([flag], in: world)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(took < .seconds(2))
        #expect(outcome.stdout.hasPrefix("usage: ferryd [--verbose | --quiet]\n"))
        #expect(outcome.stdout.contains("FERRY_LOCALSEND_PORT") && outcome.stdout.contains("FERRY_SOCKET"))
        #expect(outcome.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: world.socket), "ferryd --help started a daemon")
    }

    @Test func versionPrintsTheVersionAndExits() throws {
        let world = try FerryWorld()
        let (outcome, took) = try run(["--verbose", "--version"], in: world)
        #expect(outcome.status == 0 && took < .seconds(2))
        #expect(outcome.stdout.hasPrefix("ferryd ") && outcome.stdout.hasSuffix("\n"))
        #expect(!FileManager.default.fileExists(atPath: world.socket))
    }

    @Test(arguments: ["--frobnicate", "help", "-x"])
    func anUnknownArgumentIsNamedAndExits64(_ argument: String) throws {
        let world = try FerryWorld()
        let (outcome, took) = try run(["-v", argument], in: world)
        #expect(outcome.status == 64, "\(outcome.stderr)")
        #expect(took < .seconds(2))
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr == "ferryd: unknown argument \(argument)\nusage: ferryd [--verbose | --quiet]; see ferryd --help\n")
        #expect(!FileManager.default.fileExists(atPath: world.socket), "ferryd \(argument) started a daemon")
    }
}
