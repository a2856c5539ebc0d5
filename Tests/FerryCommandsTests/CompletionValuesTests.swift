import FerryCore
import Foundation
import Testing
@testable import FerryCommands
import FerryTestSupport

/// Each completion provider on its own, against a temporary registry and, for ferryd's values, a
/// fake ferryd on a Unix socket (ferryd's own answers are checked end to end in CompletionScriptsEndToEndTests).
@Suite(.offThePool) struct CompletionValuesTests {
    func values(_ world: FerryWorld) -> CompletionValues {
        CompletionValues(context: Context(environment: world.environment))
    }

    @Test func bundleIdentifiersAreTheInstalledApps() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.example.todo", schemes: ["todolist"])
        let ids = values(world).bundleIdentifiers()
        #expect(ids.contains("com.example.todo"))
        #expect(ids == Context(environment: world.environment).registry().apps.map(\.bundleIdentifier))
    }

    @Test func schemesAreTheClaimedOnes() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.example.todo", schemes: ["todolist"])
        #expect(values(world).schemes().contains("todolist"))
        #expect(values(world).schemes().contains("https"))
    }

    @Test func defaultTakesSchemesAndDeclaredMIMETypes() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.example.notes", schemes: ["notes"], extra: [
            "CFBundleDocumentTypes": [
                ["CFBundleTypeMIMETypes": ["text/plain", "Text/Markdown"], "LSHandlerRank": "Owner", "CFBundleTypeRole": "Viewer"],
                ["CFBundleTypeMIMETypes": ["image/png"], "LSHandlerRank": "None", "CFBundleTypeRole": "Viewer"],
            ],
        ])
        let keys = values(world).handlerKeys()
        #expect(keys.contains("notes"))
        #expect(keys.contains("text/plain"))
        #expect(keys.contains("text/markdown"))
        #expect(!keys.contains("image/png"), "rank None opens nothing")
        #expect(keys.filter { $0 == "text/plain" }.count == 1)
    }

    @Test func openTargetsAreSchemesAndPaths() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.example.todo", schemes: ["todolist"])
        let folder = world.root + "/files"
        try FileManager.default.createDirectory(atPath: folder + "/docs", withIntermediateDirectories: true)
        for name in ["dog.txt", ".dotfile", "cat.txt"] { _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: nil) }
        #expect(values(world).openTargets(prefix: "tod").contains("todolist:"))
        #expect(values(world).openTargets(prefix: folder + "/do") == [folder + "/docs/", folder + "/dog.txt"])
        #expect(values(world).paths(prefix: folder + "/.") == [folder + "/.dotfile"])
        #expect(values(world).paths(prefix: world.root + "/nothing/here").isEmpty)
    }

    @Test func stateAppsAreThoseWithSavedStateElseAll() throws {
        let world = try FerryWorld()
        try world.addRecorder("com.example.todo", schemes: ["todolist"])
        #expect(values(world).stateApps().contains("com.example.todo"))
        let state = world.root + "/state/ferry/state"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: state + "/com.example.saved.state", contents: Data([1]))
        _ = FileManager.default.createFile(atPath: state + "/state.tmp", contents: nil)
        #expect(values(world).stateApps() == ["com.example.saved"])
    }

    @Test func ferrydValuesAreEmptyWithoutFerrydAndStartNothing() throws {
        let world = try FerryWorld()
        let started = Date()
        #expect(values(world).pendingOffers().isEmpty)
        #expect(values(world).peers().isEmpty)
        #expect(values(world).trustPeers(action: "revoke").isEmpty)
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(!FileManager.default.fileExists(atPath: world.socket))
        #expect(world.daemonPID == nil)
    }

    @Test func pendingOffersComeFromARunningFerryd() throws {
        let world = try FerryWorld()
        var pending = DaemonReply.Result(outcome: .ok)
        pending.offers = [.init(id: "k3x9", sender: "laptop", files: 1, bytes: 5, fingerprint: "ab")]
        let daemon = try FakeDaemon(socketPath: world.socket, answers: ["pending": pending])
        defer { daemon.stop() }
        #expect(values(world).pendingOffers() == ["k3x9"])
    }

    @Test func peersAreNamesAndManualAddresses() throws {
        let world = try FerryWorld()
        var peers = DaemonReply.Result(outcome: .running)
        var manual = DaemonReply.PeerRow(name: "10.0.0.5", host: "10.0.0.5", addresses: [], port: 53317, source: "manual", lastSeen: 0)
        manual.fingerprint = "cd"
        var found = DaemonReply.PeerRow(name: "kitchen", host: "kitchen.local", addresses: ["10.0.0.7"], port: 53318, source: "multicast", lastSeen: 0)
        found.fingerprint = "ef"
        peers.peers = [found, manual]
        let daemon = try FakeDaemon(socketPath: world.socket, answers: ["peers": peers])
        defer { daemon.stop() }
        #expect(values(world).peers() == ["kitchen", "10.0.0.5", "10.0.0.5:53317"])
        #expect(values(world).trustPeers(action: "add") == ["ef", "cd"])
    }

    @Test func trustPeersToRevokeAreTrustedNamesAndFingerprints() throws {
        let world = try FerryWorld()
        var trusted = DaemonReply.Result(outcome: .ok)
        trusted.trusted = [.init(fingerprint: "0123abcd", name: "phone")]
        let daemon = try FakeDaemon(socketPath: world.socket, answers: ["trust": trusted])
        defer { daemon.stop() }
        #expect(values(world).trustPeers(action: "revoke") == ["phone", "0123abcd"])
        #expect(values(world).trustPeers(action: "list").isEmpty)
        #expect(values(world).trustPeers(action: nil).isEmpty)
    }

    @Test func pairRequestsComeFromARunningFerryd() throws {
        let world = try FerryWorld()
        var requests = DaemonReply.Result(outcome: .ok)
        requests.pairRequests = [.init(id: "p1", name: "phone", code: "123456", fingerprint: "ab")]
        let daemon = try FakeDaemon(socketPath: world.socket, answers: ["pair-pending": requests])
        defer { daemon.stop() }
        #expect(values(world).pairRequests() == ["p1"])
    }
}
