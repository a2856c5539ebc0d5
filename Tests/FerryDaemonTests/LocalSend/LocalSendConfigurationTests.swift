import FerryCore
import Testing
@testable import FerryDaemon

/// Which LocalSend parts a ferryd runs, read from its environment.
@Suite struct LocalSendConfigurationTests {
    func configuration(_ environment: [String: String]) -> DaemonConfiguration {
        var configuration = DaemonConfiguration(
            paths: FerryPaths(environment: environment, builtInSchemes: nil), socketPath: "/run/user/1/ferryd.sock",
            environment: environment, logDirectory: "/tmp/logs")
        configuration.applyTransferEnvironment(environment)
        configuration.applyLocalSendEnvironment(environment)
        return configuration
    }

    @Test func anAPIOnLoopbackAnnouncesNothingToTheLAN() {
        for host in ["127.0.0.1", "::1", "localhost"] {
            let settings = configuration(["HOME": "/h", "FERRY_TRANSFER_HOST": host]).localSend
            #expect(settings.port == 53317 && settings.host == host)
            #expect(!settings.multicast, "\(host)")
        }
        let own = configuration(["HOME": "/h", "FERRY_TRANSFER_HOST": "0.0.0.0", "FERRY_LOCALSEND_HOST": "127.0.0.2"]).localSend
        #expect(!own.multicast)
    }

    @Test func everyInterfaceJoinsTheGroup() {
        #expect(configuration(["HOME": "/h"]).localSend.multicast)
        #expect(configuration(["HOME": "/h", "FERRY_TRANSFER_HOST": "198.18.0.2"]).localSend.multicast)
    }
}
