import Foundation
import Testing

#if canImport(Glibc)
import Glibc
import FerryTestSupport
#endif

/// `ferry install` by a normal user of an app another user owns (a system folder's, here root's
/// examples/). FileManager.copyItem copied it, then failed with EPERM setting the owner, and the
/// user saw a CocoaError dump (found running Tests/LAN as nobody).
@Suite(.offThePool, .serialized) struct NonRootInstallEndToEndTests {
    // Under root only: the app must belong to someone other than the user who installs it.
    @Test(.enabled(if: getuid() == 0)) func aNormalUserInstallsAnAppSomeoneElseOwns() throws {
        let user = try NonRootWorld()
        let source = FerryWorld.repository + "/examples/notes.app"
        let installed = try user.run("install", source)
        #expect(installed.status == 0, "\(installed.stderr)")
        let program = user.world.apps + "/notes.app/notes"
        var info = stat()
        try #require(stat(program, &info) == 0, "\(program) was not installed")
        #expect(info.st_uid == user.uid)
        #expect(info.st_mode & 0o777 == 0o755, "the program lost its modes: \(String(info.st_mode & 0o777, radix: 8))")
        #expect(try user.run("apps").stdout.contains("org.ferry.examples.notes"))
    }
}
