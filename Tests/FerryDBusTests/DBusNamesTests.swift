import Foundation
import Testing
@testable import FerryDBus
import FerryTestSupport

/// NameHasOwner and GetConnectionUnixProcessID against a real private dbus-daemon.
@Suite(.offThePool, .serialized) struct DBusNamesTests {
    @Test func aNameHasAnOwnerOnlyWhileItsServiceRuns() async throws {
        try await withPrivateBus { bus in
            let connection = try DBusConnection(address: bus.address)
            #expect(try await connection.nameHasOwner("com.example.Names") == false)
            #expect(try await connection.processID(of: "com.example.Names") == nil)
            try await bus.startMock(name: "com.example.Names", ["com.example.Names", "/com/example/Names", "com.example.Names"])
            #expect(try await connection.nameHasOwner("com.example.Names") == true)
            let pid = try #require(try await connection.processID(of: "com.example.Names"))
            let commandLine = try String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)
            #expect(commandLine.contains("dbusmock"))
        }
    }

}
