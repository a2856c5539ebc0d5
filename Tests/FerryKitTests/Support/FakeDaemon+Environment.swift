import FerryKit
import FerryTestSupport

extension FakeDaemon {
    /// The environment the app would get from ferryd, pointing at this daemon.
    func environment(token: String = "tok-1") -> LaunchEnvironment {
        LaunchEnvironment(socketPath: socketPath, launchToken: token, bundleIdentifier: "com.test.app",
                          containerDirectory: folder, documentsDirectory: folder + "/Documents")
    }
}
