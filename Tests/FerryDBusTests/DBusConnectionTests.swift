import Foundation
import Testing
@testable import FerryDBus
import FerryTestSupport

private let mockInterface = "org.freedesktop.DBus.Mock"

/// Against a real private dbus-daemon and python3-dbusmock services.
@Suite(.offThePool, .serialized) struct DBusConnectionTests {
    @Test func connectingToNothingFailsWithOneLine() throws {
        let error = #expect(throws: DBusError.self) {
            try DBusConnection(address: "unix:path=/nonexistent/ferry-bus", description: "session bus")
        }
        #expect(error?.code == .connect)
        #expect(error?.message == "cannot connect to the session bus at unix:path=/nonexistent/ferry-bus: No such file or directory")
    }

    @Test func valuesOfEveryKindGoThereAndBack() async throws {
        try await withPrivateBus { bus in
            try await bus.startMock(name: "com.example.Echo", ["com.example.Echo", "/com/example/Echo", "com.example.Echo"])
            let connection = try DBusConnection(address: bus.address)
            let signature = "ybnqiuxtdsogasa{sv}(iiibiiay)ay"
            _ = try await connection.call(
                destination: "com.example.Echo", path: "/com/example/Echo", interface: mockInterface, member: "AddMethod",
                .string("com.example.Echo"), .string("Echo"), .string(signature), .string(signature), .string("ret = args"))
            let values: [DBusValue] = [
                .byte(200), .boolean(true), .int16(-3), .uint16(65000), .int32(-70000), .uint32(4_000_000_000),
                .int64(-1 << 40), .uint64(1 << 63), .double(2.5), .string("Küche <b>&"), .objectPath("/a/b"),
                .signature("a{sv}"), .strings(["x", "", "z"]),
                .vardict(["urgency": .byte(1), "transient": .boolean(true), "category": .string("transfer")]),
                .structure([.int32(2), .int32(1), .int32(8), .boolean(true), .int32(8), .int32(4), .bytes(Array(0..<8))]),
                .bytes([]),
            ]
            let reply = try await connection.call(DBusMethodCall(
                destination: "com.example.Echo", path: "/com/example/Echo", interface: "com.example.Echo",
                member: "Echo", arguments: values))
            #expect(reply == values)
        }
    }

    @Test func propertiesAreRead() async throws {
        try await withPrivateBus { bus in
            try await bus.startMock(name: "com.example.Props", ["com.example.Props", "/p", "com.example.Props"])
            let connection = try DBusConnection(address: bus.address)
            _ = try await connection.call(
                destination: "com.example.Props", path: "/p", interface: mockInterface, member: "AddProperty",
                .string("com.example.Props"), .string("LockedHint"), .variant(.boolean(true)))
            let value = try await connection.property(destination: "com.example.Props", path: "/p", interface: "com.example.Props", name: "LockedHint")
            #expect(value == .boolean(true))
        }
    }

    @Test func anErrorReplyNamesTheError() async throws {
        try await withPrivateBus { bus in
            let connection = try DBusConnection(address: bus.address)
            let error = await #expect(throws: DBusError.self) {
                try await connection.call(
                    destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
                    interface: "org.freedesktop.Notifications", member: "GetCapabilities")
            }
            #expect(error?.code == .remote)
            #expect(error?.remoteName == "org.freedesktop.DBus.Error.ServiceUnknown")
        }
    }

    @Test func aStringWithNULIsRefusedNotCut() async throws {
        try await withPrivateBus { bus in
            let connection = try DBusConnection(address: bus.address)
            let error = await #expect(throws: DBusError.self) {
                try await connection.call(
                    destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                    member: "NameHasOwner", .string("a\u{0}b"))
            }
            #expect(error?.code == .invalidArgument)
        }
    }

    @Test func notificationCallsAndSignals() async throws {
        try await withPrivateBus { bus in
            try await bus.startNotificationMock()
            let connection = try DBusConnection(address: bus.address)
            let closed = try await connection.signals(matching: DBusMatch(
                sender: "org.freedesktop.Notifications", interface: "org.freedesktop.Notifications", member: "NotificationClosed"))
            let notify = DBusMethodCall(
                destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
                interface: "org.freedesktop.Notifications", member: "Notify",
                arguments: [.string("Ferry"), .uint32(0), .string(""), .string("Summary"), .string("Body"),
                            .strings(["accept", "Accept"]), .vardict(["urgency": .byte(1)]), .int32(-1)])
            let reply = try await connection.call(notify)
            #expect(reply == [.uint32(1)])
            _ = try await connection.call(
                destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
                interface: "org.freedesktop.Notifications", member: "CloseNotification", .uint32(1))
            var iterator = closed.makeAsyncIterator()
            let signal = await iterator.next()
            #expect(signal?.member == "NotificationClosed")
            #expect(signal?.arguments == [.uint32(1), .uint32(1)])
            let calls = try await connection.call(
                destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
                interface: mockInterface, member: "GetMethodCalls", .string("Notify"))
            let recorded = try #require(calls.first?.stringArrayOfCalls)
            #expect(recorded == [notify.arguments.map { $0 }])
        }
    }

    @Test func signalsFromOneConnectionReachAnother() async throws {
        try await withPrivateBus { bus in
            let sender = try DBusConnection(address: bus.address)
            let receiver = try DBusConnection(address: bus.address)
            let stream = try await receiver.signals(matching: DBusMatch(interface: "com.example.Test", member: "Ping"))
            try await sender.emit(DBusSignal(sender: nil, path: "/t", interface: "com.example.Test", member: "Ping", arguments: [.uint32(7), .string("x")]))
            var iterator = stream.makeAsyncIterator()
            let signal = try #require(await iterator.next())
            #expect(signal.arguments == [.uint32(7), .string("x")])
            #expect(signal.path == "/t")
            #expect(signal.sender?.hasPrefix(":") == true)
        }
    }

    @Test func whenTheBusGoesAwayCallsFailAndStreamsEnd() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let connection = try DBusConnection(address: bus.address)
        let stream = try await connection.signals(matching: DBusMatch(interface: "com.example.Test"))
        bus.stopDaemon()
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == nil)
        let error = await #expect(throws: DBusError.self) {
            try await connection.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "GetId")
        }
        #expect(error?.code == .closed)
    }

    @Test func aCancelledCallReturnsAtOnce() async throws {
        try await withPrivateBus { bus in
            try await bus.startMock(name: "com.example.Slow", ["com.example.Slow", "/s", "com.example.Slow"])
            let connection = try DBusConnection(address: bus.address)
            _ = try await connection.call(
                destination: "com.example.Slow", path: "/s", interface: mockInterface, member: "AddMethod",
                .string("com.example.Slow"), .string("Sleep"), .string(""), .string(""), .string("import time; time.sleep(5)"))
            let task = Task {
                try await connection.call(destination: "com.example.Slow", path: "/s", interface: "com.example.Slow", member: "Sleep")
            }
            try await Task.sleep(for: .milliseconds(100))  // the call under way (no sign shows it has left)
            let start = ContinuousClock.now
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            #expect(ContinuousClock.now - start < .seconds(1))
        }
    }

    /// A connection closed twice (`close()`, then its deinit) woke its bus thread a second time by
    /// writing 8 bytes into the eventfd that thread had already closed: whatever file took the
    /// number got them (a file a batch upload staged in a parallel test arrived with
    /// 01 00 00 00 00 00 00 00 in front of its bytes).
    @Test func aConnectionClosedTwiceWritesIntoNoDescriptorItClosed() async throws {
        try await withPrivateBus { bus in
            let path = bus.directory.appendingPathComponent("victim").path
            let opened = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            try #require(opened >= 0)
            defer { close(opened) }
            // Tests running in parallel open descriptors too: try again until the file gets the number.
            for _ in 0..<50 {
                let connection = try DBusConnection(address: bus.address)
                let wake = connection.loop.wakeFD
                connection.close()
                // The bus thread closes its eventfd as it shuts down.
                await waitUntil("the bus thread to close its eventfd") { fcntl(wake, F_GETFD) == -1 }
                // The file at the freed number (F_DUPFD never takes a number another thread holds).
                let victim = fcntl(opened, F_DUPFD_CLOEXEC, wake)
                defer { if victim >= 0 { close(victim) } }
                guard victim == wake else { continue }
                connection.close()
                #expect(lseek(opened, 0, SEEK_END) == 0, "the second close wrote into the file at the closed eventfd's number")
                return
            }
        }
    }
}

extension DBusValue {
    /// dbusmock's GetMethodCalls answer `a(tav)`: the argument lists of each call, unwrapped.
    fileprivate var stringArrayOfCalls: [[DBusValue]]? {
        guard case .array(_, let calls) = self else { return nil }
        return calls.compactMap { call -> [DBusValue]? in
            guard case .structure(let fields) = call, fields.count == 2, case .array(_, let args) = fields[1] else { return nil }
            return args.map(\.unwrapped)
        }
    }
}
