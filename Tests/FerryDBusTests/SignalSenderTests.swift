import Foundation
import Testing
@testable import FerryDBus
import FerryTestSupport

/// A subscription whose rule names a well-known sender hears that name's owner only: not a client
/// that addresses a signal to the subscriber's connection (which the bus delivers whatever the
/// rule says), and, once the name changes hands, the new owner and not the old one.
@Suite(.offThePool, .serialized) struct SignalSenderTests {
    static let name = "com.example.Service"
    static let ping = DBusSignal(sender: nil, path: "/s", interface: "com.example.Service", member: "Ping", arguments: [.uint32(1)])

    func own(_ connection: DBusConnection) async throws {
        let reply = try await connection.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                              interface: "org.freedesktop.DBus", member: "RequestName",
                                              .string(Self.name), .uint32(0))
        #expect(reply.first?.uint32Value == 1, "primary owner")
    }

    /// Sends `signal` from `forger` to every connection on the bus (a forger knows its target's name).
    func forge(_ signal: DBusSignal, from forger: DBusConnection) async throws {
        let names = try await forger.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                          interface: "org.freedesktop.DBus", member: "ListNames").first?.stringArray ?? []
        for name in names where name.hasPrefix(":") { try await forger.emit(signal, to: name) }
    }

    func next(_ iterator: inout AsyncStream<DBusSignal>.Iterator) async -> DBusSignal? {
        await iterator.next()
    }

    @Test func aSignalAddressedToUsByAnotherClientIsDropped() async throws {
        try await withPrivateBus { bus in
            let owner = try DBusConnection(address: bus.address), forger = try DBusConnection(address: bus.address)
            try await own(owner)
            let subscriber = try DBusConnection(address: bus.address)
            var signals = try await subscriber.signals(matching: DBusMatch(sender: Self.name, path: "/s")).makeAsyncIterator()
            var forged = Self.ping
            forged.arguments = [.uint32(666)]
            try await forge(forged, from: forger)
            try await owner.emit(Self.ping)
            #expect(await next(&signals)?.arguments == [.uint32(1)], "the forged signal came first")
        }
    }

    @Test func whenTheNameChangesHandsTheNewOwnerIsHeard() async throws {
        try await withPrivateBus { bus in
            let first = try DBusConnection(address: bus.address)
            try await own(first)
            let subscriber = try DBusConnection(address: bus.address)
            var signals = try await subscriber.signals(matching: DBusMatch(sender: Self.name, path: "/s")).makeAsyncIterator()
            first.close()
            let second = try DBusConnection(address: bus.address)
            // Until the bus says the name is free, the request queues: wait for ownership.
            try await waitUntil("the second connection to own \(Self.name)") {
                let reply = try await second.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                                  interface: "org.freedesktop.DBus", member: "RequestName", .string(Self.name), .uint32(0))
                return reply.first?.uint32Value == 1 || reply.first?.uint32Value == 4
            }
            var fromSecond = Self.ping
            fromSecond.arguments = [.uint32(2)]
            // Addressed to everyone, the subscriber included: the new owner's unicast counts too.
            try await forge(fromSecond, from: second)
            #expect(await next(&signals)?.arguments == [.uint32(2)])
        }
    }

    @Test func aForgedNameOwnerChangedDoesNotMakeTheForgerTheOwner() async throws {
        try await withPrivateBus { bus in
            let owner = try DBusConnection(address: bus.address), forger = try DBusConnection(address: bus.address)
            try await own(owner)
            let subscriber = try DBusConnection(address: bus.address)
            var signals = try await subscriber.signals(matching: DBusMatch(sender: Self.name, path: "/s")).makeAsyncIterator()
            // Every connection is told that every connection (the forger too) now owns the name.
            let names = try await forger.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                              interface: "org.freedesktop.DBus", member: "ListNames").first?.stringArray ?? []
            for name in names where name.hasPrefix(":") {
                for candidate in names where candidate.hasPrefix(":") {
                    try await forger.emit(DBusSignal(sender: nil, path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                                                     member: "NameOwnerChanged",
                                                     arguments: [.string(Self.name), .string(""), .string(candidate)]), to: name)
                }
            }
            var forged = Self.ping
            forged.arguments = [.uint32(666)]
            try await forge(forged, from: forger)
            try await owner.emit(Self.ping)
            #expect(await next(&signals)?.arguments == [.uint32(1)])
        }
    }
}
