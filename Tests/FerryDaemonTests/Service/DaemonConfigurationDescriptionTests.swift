import FerryCore
import Testing
@testable import FerryDaemon

@Suite struct DaemonConfigurationDescriptionTests {
    @Test func noDescriptionShowsTheEnvironment() {
        let environment = ["HOME": "/home/u", "GITHUB_TOKEN": "ghp_secret"]
        let configuration = DaemonConfiguration(
            paths: FerryPaths(environment: environment, builtInSchemes: nil), socketPath: "/run/user/1/ferryd.sock",
            environment: environment, logDirectory: "/tmp/logs")
        var dumped = ""
        dump(configuration, to: &dumped)
        for text in ["\(configuration)", String(reflecting: configuration), dumped, "\([configuration])"] {
            #expect(!text.contains("ghp_secret") && !text.contains("GITHUB_TOKEN"), "\(text)")
        }
        #expect("\(configuration)".contains("2 variables, not shown"))
    }
}
