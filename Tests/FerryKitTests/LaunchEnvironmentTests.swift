import FerryKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite struct LaunchEnvironmentTests {
    private let complete = [
        "FERRY_SOCKET": "/run/ferry.sock", "FERRY_LAUNCH_TOKEN_FD": "3", "FERRY_BUNDLE_ID": "com.acme.todo",
        "FERRY_CONTAINER": "/c", "FERRY_DOCUMENTS": "/c/Documents",
    ]

    @Test func readsEveryVariable() throws {
        let environment = try LaunchEnvironment({ complete[$0] }, token: { $0 == 3 ? "3f9c" : nil })
        #expect(environment == LaunchEnvironment(socketPath: "/run/ferry.sock", launchToken: "3f9c", bundleIdentifier: "com.acme.todo",
                                                 containerDirectory: "/c", documentsDirectory: "/c/Documents"))
    }

    @Test(arguments: ["FERRY_SOCKET", "FERRY_LAUNCH_TOKEN_FD"])
    func withoutTheSocketOrTokenTheAppWasNotStartedByFerryd(_ missing: String) {
        for value in [nil, ""] {
            var variables = complete
            variables[missing] = value
            #expect { try LaunchEnvironment({ variables[$0] }, token: { _ in "3f9c" }) } throws: { error in
                let error = error as? ApplicationError
                return error?.code == .notStartedByFerry && error?.exitStatus == 78
                    && error?.message.hasPrefix("not started by ferryd (FERRY_SOCKET or FERRY_LAUNCH_TOKEN_FD is not set)") == true
            }
        }
    }

    @Test(arguments: ["FERRY_BUNDLE_ID", "FERRY_CONTAINER", "FERRY_DOCUMENTS"])
    func aMissingFolderVariableIsNamed(_ missing: String) {
        var variables = complete
        variables[missing] = nil
        #expect(throws: ApplicationError(.notStartedByFerry, "\(missing) is not set; ferryd sets it when it launches the app")) {
            try LaunchEnvironment({ variables[$0] }, token: { _ in "3f9c" })
        }
    }

    /// The token comes from the inherited pipe, read once and closed, never from the environment.
    @Test func theTokenIsReadFromThePipeOnceAndItIsClosed() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        _ = write(ends[1], "0123456789abcdef0123456789abcdef", 32)
        close(ends[1])
        var variables = complete
        variables["FERRY_LAUNCH_TOKEN_FD"] = "\(ends[0])"
        variables["FERRY_LAUNCH_TOKEN"] = "from-the-environment"
        let environment = try LaunchEnvironment { variables[$0] }
        #expect(environment.launchToken == "0123456789abcdef0123456789abcdef")
        #expect(fcntl(ends[0], F_GETFD) == -1 && errno == EBADF)
    }

    @Test func aDescriptorWithoutATokenIsNamed() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        close(ends[1])
        defer { close(ends[0]) }
        var variables = complete
        variables["FERRY_LAUNCH_TOKEN_FD"] = "\(ends[0])"
        #expect { try LaunchEnvironment { variables[$0] } } throws: { error in
            (error as? ApplicationError)?.message.hasPrefix("FERRY_LAUNCH_TOKEN_FD=\(ends[0]) holds no launch token") == true
        }
    }
}
