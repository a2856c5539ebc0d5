import FerryKit
import Testing

@Suite struct LaunchEnvironmentTests {
    private let complete = [
        "FERRY_SOCKET": "/run/ferry.sock", "FERRY_LAUNCH_TOKEN": "3f9c", "FERRY_BUNDLE_ID": "com.acme.todo",
        "FERRY_CONTAINER": "/c", "FERRY_DOCUMENTS": "/c/Documents",
    ]

    @Test func readsEveryVariable() throws {
        let environment = try LaunchEnvironment { complete[$0] }
        #expect(environment == LaunchEnvironment(socketPath: "/run/ferry.sock", launchToken: "3f9c", bundleIdentifier: "com.acme.todo",
                                                 containerDirectory: "/c", documentsDirectory: "/c/Documents"))
    }

    @Test(arguments: ["FERRY_SOCKET", "FERRY_LAUNCH_TOKEN"])
    func withoutTheSocketOrTokenTheAppWasNotStartedByFerryd(_ missing: String) {
        for value in [nil, ""] {
            var variables = complete
            variables[missing] = value
            #expect { try LaunchEnvironment { variables[$0] } } throws: { error in
                let error = error as? ApplicationError
                return error?.code == .notStartedByFerry && error?.exitStatus == 78
                    && error?.message.hasPrefix("not started by ferryd (FERRY_SOCKET or FERRY_LAUNCH_TOKEN is not set)") == true
            }
        }
    }

    @Test(arguments: ["FERRY_BUNDLE_ID", "FERRY_CONTAINER", "FERRY_DOCUMENTS"])
    func aMissingFolderVariableIsNamed(_ missing: String) {
        var variables = complete
        variables[missing] = nil
        #expect(throws: ApplicationError(.notStartedByFerry, "\(missing) is not set; ferryd sets it when it launches the app")) {
            try LaunchEnvironment { variables[$0] }
        }
    }
}
