import Foundation
import Testing
import FerryTestSupport
@testable import FerryCore

@Suite struct BuiltInSchemesTests {
    @Test func theVariableWinsThenThePrefixThenTheDataFolders() throws {
        let folder = try TemporaryFolder()
        let prefix = folder.path + "/prefix"
        let data = folder.path + "/data"
        try FileManager.default.createDirectory(atPath: data + "/ferry/schemes", withIntermediateDirectories: true)
        let environment = ["XDG_DATA_HOME": folder.path + "/home", "XDG_DATA_DIRS": data, "HOME": folder.path]
        #expect(BuiltInSchemes.folder(environment: environment.merging(["FERRY_SCHEMES_DIR": "/x"]) { $1 },
                                      executable: prefix + "/bin/ferry") == "/x")
        #expect(BuiltInSchemes.folder(environment: environment, executable: prefix + "/bin/ferry") == data + "/ferry/schemes")
        try FileManager.default.createDirectory(atPath: prefix + "/share/ferry/schemes", withIntermediateDirectories: true)
        #expect(BuiltInSchemes.folder(environment: environment, executable: prefix + "/bin/ferry") == prefix + "/share/ferry/schemes")
    }

    #if DEBUG
    /// A debug binary copied anywhere still finds the checkout it was built in, while it exists.
    @Test func aCopiedBinaryFallsBackToItsBuildCheckout() {
        let found = BuiltInSchemes.folder(environment: ["XDG_DATA_DIRS": "/nonexistent", "HOME": "/nonexistent"],
                                          executable: "/nonexistent/bin/ferry")
        #expect(found.map { FileManager.default.fileExists(atPath: $0 + "/web.plist") } == true)
    }
    #endif
}
