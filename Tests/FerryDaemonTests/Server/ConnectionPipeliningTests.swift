import FerryCore
import FerryDiscovery
import FerryLocalSend
import Foundation
import Logging
import Testing
import FerryTestSupport

@testable import FerryDaemon

/// ferryd's socket server in this process, with the real app manager, driven by a client that
/// writes several requests at once: answers by id, in order, and what a bad line does to the rest.
/// No app process is started (command apps are run by the client).
@Suite struct ConnectionPipeliningTests {
    final class World: Sendable {
        let root = NSTemporaryDirectory() + "ferry-pipelining-" + UUID().uuidString.prefix(8)
        var socket: String { root + "/ferryd.sock" }
        let server: Task<Void, any Error>

        init() throws {
            let apps = root + "/apps"
            for (name, scheme) in [("one", "one"), ("two", "two")] { try Self.install(name, scheme: scheme, in: apps) }
            let paths = FerryPaths(appFolders: [AppFolder(path: apps, kind: .user)], dataHome: root + "/data", configHome: root + "/config")
            let configuration = DaemonConfiguration(paths: paths, socketPath: root + "/ferryd.sock", environment: [:],
                                                    logDirectory: root + "/logs")
            let logger = Logger(label: "test")
            let manager = AppManager(configuration: configuration, logger: logger, reaper: ProcessReaper(),
                                     records: AppRecords(socketPath: configuration.socketPath))
            let discovery = Discovery(name: "Test", port: 0, advertisement: PeerAdvertisement(mode: "off"), enabled: false,
                                      manualPeersFile: root + "/manual-peers", logger: logger)
            let server = DaemonServer(socketPath: root + "/ferryd.sock", manager: manager, discovery: discovery,
                                      transfers: TransferSlot(), localSend: LocalSendLink(settings: LocalSendSettings()), logger: logger)
            self.server = Task { try await server.run() }
        }

        /// A command app `com.test.NAME` for `scheme` in the folder `apps`.
        static func install(_ name: String, scheme: String, in apps: String) throws {
            let bundle = apps + "/\(name).app"
            try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
            let plist: [String: Any] = ["CFBundleIdentifier": "com.test.\(name)", "CFBundleExecutable": "run",
                                        "CFBundleURLTypes": [["CFBundleURLSchemes": [scheme]]]]
            try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
                .write(to: URL(fileURLWithPath: bundle + "/Info.plist"))
            FileManager.default.createFile(atPath: bundle + "/run", contents: Data("#!/bin/sh\n".utf8),
                                           attributes: [.posixPermissions: 0o755])
        }

        deinit {
            server.cancel()
            try? FileManager.default.removeItem(atPath: root)
        }

        /// Writes `lines` in one write after the hello, then reads `count` lines back, on a thread of
        /// its own (the socket blocks; the server's tasks need the cooperative threads).
        func exchange(_ lines: [String], reading count: Int, version: Int = 2) async throws -> [String] {
            try await onThread { try Self.talk($0, lines, count, version) }
        }

        /// Runs `body` with the socket's path on a thread of its own.
        func onThread<T: Sendable>(_ body: @escaping @Sendable (String) throws -> T) async throws -> T {
            let socket = self.socket
            return try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread { continuation.resume(with: Result { try body(socket) }) }
            }
        }

        static func connect(_ path: String) throws -> LineSocket {
            var connection: LineSocket?
            waitUntil("ferryd's socket to accept") {
                connection = try? LineSocket.connect(to: path)
                return connection != nil
            }
            return try #require(connection)
        }

        private static func talk(_ path: String, _ lines: [String], _ count: Int, _ version: Int) throws -> [String] {
            let socket = try connect(path)
            let hello = #"{"type":"hello","protocol":\#(version),"role":"client"}"#
            try socket.write(Array((([hello] + lines).joined(separator: "\n") + "\n").utf8))
            var answers: [String] = []
            while answers.count < count + 1, let line = try socket.receiveLine(timeout: 10_000) {
                answers.append(String(decoding: line, as: UTF8.self))
            }
            return Array(answers.dropFirst())  // the welcome
        }
    }

    static func open(_ id: Int, _ url: String) -> String { #"{"type":"open","id":\#(id),"url":"\#(url)"}"# }

    @Test func pipelinedRequestsAreAnsweredEachByItsId() async throws {
        let world = try World()
        let answers = try await world.exchange([Self.open(1, "one://a"), #"{"type":"ping","id":2}"#, Self.open(3, "two://b"),
                                                Self.open(4, "nobody://c")], reading: 4)
        let messages = try answers.map { try WireCodec.decodeMessage(Array($0.utf8)) }
        #expect(messages.map(\.id) == [1, 2, 3, 4])
        let results = try messages.map { try #require($0.result) }
        #expect(results.map(\.outcome) == [.command, .pong, .command, .failed])
        #expect(results[0].app == "com.test.one" && results[2].app == "com.test.two")
        #expect(results[3].failure == .noHandler, "no handler for the scheme")
    }

    @Test func aBadLineIsAnsweredAfterTheRequestsBeforeItAndEndsTheConnection() async throws {
        let world = try World()
        let answers = try await world.exchange([Self.open(1, "one://a"), "{not json", Self.open(3, "two://b")], reading: 3)
        let messages = try answers.map { try WireCodec.decodeMessage(Array($0.utf8)) }
        #expect(messages.map(\.type) == ["result", "error"], "nothing after the bad line is served")
        #expect(messages.first?.id == 1)
    }

    /// ferryd answers a first `open` as it reads it, but after the registry check begun when the
    /// command connected: an app replaced just before is the one named, not the one in memory.
    @Test func aFirstOpenSeesAnAppReplacedJustBeforeTheCommand() async throws {
        let world = try World()
        _ = try await world.exchange([Self.open(1, "one://a")], reading: 1)  // the server is up, the registry read
        try FileManager.default.removeItem(atPath: world.root + "/apps/one.app")
        try World.install("uno", scheme: "one", in: world.root + "/apps")
        let answers = try await world.exchange([Self.open(1, "one://a"), Self.open(2, "one://b")], reading: 2)
        let results = try answers.map { try #require(try WireCodec.decodeMessage(Array($0.utf8)).result) }
        #expect(results.map(\.app) == ["com.test.uno", "com.test.uno"])
    }

    /// The hello of a connection whose first open was answered on the event loop is held there;
    /// a request written after that answer still reaches the connection, behind the hello.
    @Test func aRequestWrittenAfterAnAnsweredOpenIsServed() async throws {
        let world = try World()
        let answers = try await world.onThread { path in
            let socket = try World.connect(path)
            let hello = #"{"type":"hello","protocol":3,"role":"client"}"#
            try socket.write(Array((hello + "\n" + Self.open(1, "one://a") + "\n").utf8))
            var lines: [String] = []
            for _ in 0..<2 { lines += try socket.receiveLine(timeout: 10_000).map { [String(decoding: $0, as: UTF8.self)] } ?? [] }
            try socket.write(Array((#"{"type":"ping","id":2}"# + "\n" + Self.open(3, "two://b") + "\n").utf8))
            for _ in 0..<2 { lines += try socket.receiveLine(timeout: 10_000).map { [String(decoding: $0, as: UTF8.self)] } ?? [] }
            return lines
        }
        #expect(try answers.map { try WireCodec.decodeMessage(Array($0.utf8)).type } == ["welcome", "result", "result", "result"])
        let results = try answers.dropFirst().map { try #require(try WireCodec.decodeMessage(Array($0.utf8)).result) }
        #expect(results[0].app == "com.test.one" && results[2].app == "com.test.two")
    }

    /// A client that waits for `welcome` before its first request (`ferry ps`) gets it at once.
    @Test func aHelloAloneIsWelcomedBeforeAnyRequest() async throws {
        let world = try World()
        let answers = try await world.onThread { path in
            let socket = try World.connect(path)
            try socket.write(Array(#"{"type":"hello","protocol":3,"role":"client"}"#.utf8) + [0x0A])
            let welcome = try socket.receiveLine(timeout: 10_000).map { String(decoding: $0, as: UTF8.self) }
            try socket.write(Array(#"{"type":"ping","id":1}"#.utf8) + [0x0A])
            let pong = try socket.receiveLine(timeout: 10_000).map { String(decoding: $0, as: UTF8.self) }
            return [welcome, pong]
        }
        #expect(try answers.map { try WireCodec.decodeMessage(Array(($0 ?? "").utf8)).type } == ["welcome", "result"])
    }
}
