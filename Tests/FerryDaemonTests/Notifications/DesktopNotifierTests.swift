import FerryCore
import FerryDBus
@testable import FerryTransfer
import Foundation
import Synchronization
import Testing
@testable import FerryDaemon
import FerryTestSupport

/// DesktopNotifier against python3-dbusmock's notification_daemon on a private bus: the exact
/// calls it makes, and the signals it answers.
@Suite(.offThePool, .serialized) struct DesktopNotifierTests {
    static let offer = PendingOffer(id: "0a1b2c3d4e5f6071", sender: "Kitchen", senderFingerprint: "ab",
                                    files: 3, bytes: 12_000_000, url: nil)

    /// The template's own list lacks `actions`.
    static let capabilities = ["body", "body-markup", "actions"]

    func notifier(_ bus: NotificationBus, log: LogRecord = LogRecord()) -> DesktopNotifier {
        DesktopNotifier(environment: bus.environment, configHome: "/nonexistent", logger: log.logger)
    }

    @Test func anOfferIsShownWithAcceptAndDecline() async throws {
        let bus = try NotificationBus()
        try await bus.startServer(capabilities: Self.capabilities)
        let id = await notifier(bus).post(TransferNotifications.offerNotification(Self.offer), tag: "offer:1")
        #expect(id == 1)
        let calls = try await bus.calls("Notify")
        #expect(calls == [[
            .string("Ferry"), .uint32(0), .string(""), .string("Kitchen wants to send 3 files (12 MB)"),
            .string("Accept to receive into your Inbox."),
            .strings(["accept", "Accept", "decline", "Decline"]),
            .vardict(["category": .string("transfer"), "desktop-entry": .string("ferry"), "urgency": .byte(1)]),
            .int32(0),
        ]])
    }

    @Test func anInvokedActionRunsItsHandlerOnce() async throws {
        let bus = try NotificationBus()
        try await bus.startServer(capabilities: Self.capabilities)
        let notifier = notifier(bus)
        let keys = Mutex<[String]>([])
        let id = try #require(await notifier.post(TransferNotifications.offerNotification(Self.offer)) { key in
            keys.withLock { $0.append(key) }
        })
        for _ in 0..<2 { try await bus.emit("ActionInvoked", signature: "us", [.uint32(id), .string("accept")]) }
        await waitUntil("the action's handler to run") { keys.withLock { !$0.isEmpty } }
        try await Task.sleep(for: .milliseconds(100))  // a window for a second run, which must not come
        #expect(keys.withLock { $0 } == ["accept"])
    }

    @Test func aDecidedOfferClosesItsNotification() async throws {
        let bus = try NotificationBus()
        try await bus.startServer(capabilities: Self.capabilities)
        let notifier = notifier(bus)
        let id = try #require(await notifier.post(TransferNotifications.offerNotification(Self.offer), tag: "offer:x"))
        await notifier.close(tag: "offer:x")
        await notifier.close(tag: "offer:x")
        // Sent as the spec's u; the template declares i, and dbus-python records it as such.
        #expect(try await bus.calls("CloseNotification") == [[.int32(Int32(id))]])
    }

    @Test func withoutActionsTheBodyCarriesTheCommand() async throws {
        let bus = try NotificationBus()
        try await bus.startServer(capabilities: ["body"])
        await notifier(bus).post(TransferNotifications.offerNotification(Self.offer))
        let call = try #require(try await bus.calls("Notify").first)
        #expect(call[4] == .string("Accept to receive into your Inbox.\nferry accept 0a1b2c3d4e5f6071   or   ferry decline 0a1b2c3d4e5f6071"))
        #expect(call[5] == .strings([]))
    }

    @Test func hostileNamesAreCleanedCutAndEscaped() async throws {
        let bus = try NotificationBus()
        try await bus.startServer(capabilities: Self.capabilities)
        var offer = Self.offer
        offer.sender = "<b>Evil</b>\u{202E}" + String(repeating: "A", count: 10_000)
        let file = DeliveredFile(target: InboxTarget(app: "org.ferry.system.files", container: "/c", open: false),
                                 path: "/c/Documents/Inbox/x.txt", sender: offer.sender, senderFingerprint: "ab", size: 1, sha256: "")
        let notifier = notifier(bus)
        await notifier.post(TransferNotifications.offerNotification(offer))
        await notifier.post(TransferNotifications.deliveredNotification([file], appName: "<i>Notes</i>"))
        let calls = try await bus.calls("Notify")
        let name = "<b>Evil</b>" + String(repeating: "A", count: NotificationText.nameLimit - 11) + "…"
        #expect(calls.first?[3] == .string("\(name) wants to send 3 files (12 MB)"))
        #expect(calls.last?[3] == .string("x.txt from \(name)"))
        #expect(calls.last?[4] == .string("In &lt;i&gt;Notes&lt;/i&gt;"))
    }

    @Test func noServiceMeansNothingShownAndOneLogLine() async throws {
        let bus = try NotificationBus()
        let log = LogRecord()
        let notifier = notifier(bus, log: log)
        for _ in 0..<3 { #expect(await notifier.post(TransferNotifications.offerNotification(Self.offer)) == nil) }
        #expect(log.lines == ["desktop notifications are off: no notification service answers"])
        let headless = DesktopNotifier(environment: ["XDG_RUNTIME_DIR": "/nonexistent"], configHome: "/nonexistent", logger: log.logger)
        #expect(await headless.post(TransferNotifications.offerNotification(Self.offer)) == nil)
    }

    @Test func theSettingsFileSwitchesKinds() throws {
        let home = NSTemporaryDirectory() + "ferry-notify-settings-" + UUID().uuidString.prefix(8)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let notifier = DesktopNotifier(environment: [:], configHome: home, logger: LogRecord().logger)
        #expect(notifier.shows(.offers))
        try NotificationSettings(enabled: true, off: [.offers]).save(configHome: home)
        #expect(!notifier.shows(.offers) && notifier.shows(.delivered))
        try NotificationSettings(enabled: false).save(configHome: home)
        #expect(!notifier.shows(.delivered))
        let off = DesktopNotifier(environment: ["FERRY_NOTIFICATIONS": "off"], configHome: "/nonexistent", logger: LogRecord().logger)
        #expect(!off.shows(.offers))
    }
}

extension DesktopNotifierTests {
    @Test func aPairRequestShowsItsCodeAndConfirmAnswersIt() async throws {
        let bus = try NotificationBus()
        try await bus.startServer(capabilities: Self.capabilities)
        let home = NSTemporaryDirectory() + "ferry-notify-pair-" + UUID().uuidString.prefix(8)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let own = String(repeating: "ab", count: 32)
        let pairing = Pairing(ownFingerprint: own, deviceName: "Desk", trust: TrustStore(configHome: home), lifetime: 5) { .contacts }
        let notes = PairingNotifications(notifier: notifier(bus), pairing: pairing, lifetime: 5)
        await pairing.observe { await notes.requested($0) }
        _ = try await pairing.request(PairHello(name: "Kitchen\u{202E}<b>"), from: String(repeating: "cd", count: 32))
        let request = try #require(await pairing.pending().first)
        var calls: [[DBusValue]] = []
        try await waitUntil("the pairing notification") {
            calls = try await bus.calls("Notify")
            return !calls.isEmpty
        }
        let code = PairingCode.display(request.code)
        #expect(calls.first?[3] == .string("Pair with Kitchen<b>?"))
        #expect(calls.first?[4] == .string("Code \(code): confirm only if Kitchen&lt;b&gt; shows the same code."))
        #expect(calls.first?[5] == .strings(["confirm", "Confirm", "reject", "Reject"]))
        try await bus.emit("ActionInvoked", signature: "us", [.uint32(1), .string("confirm")])
        await waitUntil("the request accepted here") { await pairing.pending().first?.receiverAccepted == true }
        // The asking device declines: the request is decided, and its notification closes.
        _ = try await pairing.confirm(request.id, accept: false, peer: request.peer)
        var closed: [[DBusValue]] = []
        try await waitUntil("the notification to close") {
            closed = try await bus.calls("CloseNotification")
            return !closed.isEmpty
        }
        #expect(closed == [[.int32(1)]])
    }
}

extension DesktopNotifierTests {
    @Test func progressUpdatesOneNotificationAndTheDeliveredFileReplacesIt() async throws {
        let bus = try NotificationBus()
        try await bus.startServer(capabilities: Self.capabilities)
        let notifier = notifier(bus)
        var progress = ReceiveProgress(offer: "o", sender: "Kitchen", senderFingerprint: "ab", fileName: "photos/big.bin",
                                       written: 30_000_000, size: 120_000_000)
        let first = try #require(await notifier.post(TransferNotifications.progressNotification(progress), tag: "progress:ab"))
        progress.written = 60_000_000
        await notifier.post(TransferNotifications.progressNotification(progress), tag: "progress:ab")
        let file = DeliveredFile(target: InboxTarget(app: "org.ferry.system.files", container: "/c", open: false),
                                 path: "/c/Documents/Inbox/big.bin", sender: "Kitchen", senderFingerprint: "ab", size: 1, sha256: "")
        await notifier.post(TransferNotifications.deliveredNotification([file], appName: "Files"), replacing: "progress:ab")
        let calls = try await bus.calls("Notify")
        #expect(calls.map { $0[1] } == [.uint32(0), .uint32(first), .uint32(first)])
        #expect(calls.map { $0[3] } == [.string("Receiving big.bin from Kitchen"), .string("Receiving big.bin from Kitchen"),
                                        .string("big.bin from Kitchen")])
        #expect(calls[1][4] == .string("50% of 120 MB"))
        #expect(calls[1][6].dictionary?["value"]?.unwrapped == .int32(50))
        // The next file from that sender starts a new notification.
        await notifier.post(TransferNotifications.progressNotification(progress), tag: "progress:ab")
        #expect(try await bus.calls("Notify").last?[1] == .uint32(0))
    }
}

extension DesktopNotifierTests {
    /// Any client may address a signal to ferryd's connection: an ActionInvoked that does not come
    /// from the notification server's connection answers nothing; the server's own still does.
    @Test func anActionInvokedFromAnotherClientIsIgnored() async throws {
        let bus = try NotificationBus()
        try await bus.startServer(capabilities: Self.capabilities)
        let notifier = notifier(bus)
        let keys = Mutex<[String]>([])
        let id = try #require(await notifier.post(TransferNotifications.offerNotification(Self.offer)) { key in
            keys.withLock { $0.append(key) }
        })
        func forge(_ member: String, _ arguments: [String]) async throws {
            try await ForgedSignal.send(address: bus.address, service: DesktopNotifier.service, path: DesktopNotifier.path,
                                        signal: "\(DesktopNotifier.service).\(member)", arguments)
            try await Task.sleep(for: .milliseconds(300))  // a window for the forged signal, which must not take
        }
        try await forge("ActionInvoked", ["uint32 \(id)", "'accept'"])
        #expect(keys.withLock { $0 }.isEmpty, "a forged ActionInvoked answered the offer")
        // A forged close would drop the handler: the real answer would then go unheard.
        try await forge("NotificationClosed", ["uint32 \(id)", "uint32 2"])
        try await bus.emit("ActionInvoked", signature: "us", [.uint32(id), .string("decline")])
        await waitUntil("the real answer's handler to run") { keys.withLock { !$0.isEmpty } }
        #expect(keys.withLock { $0 } == ["decline"])
    }
}
