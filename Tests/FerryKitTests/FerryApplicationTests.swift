import FerryProtocol
import FerryKit
import Testing
import FerryTestSupport

/// `FerryApplication.run` against a fake daemon on a real Unix socket.
@Suite(.offThePool) struct FerryApplicationTests {
    private static let launchOptions = AppEvent.LaunchOptions(url: "aa://one?x", sourceApplication: "com.sender")

    @Test func helloThenEventsOneAtATimeThenTheAppLeavesAfterWillTerminate() throws {
        let daemon = try FakeDaemon()
        let events = ["willFinishLaunching", "didFinishLaunching", "open", "didBecomeActive", "willResignActive",
                      "didEnterBackground", "didReceiveMemoryWarning", "willTerminate"]
        daemon.play { peer in
            try peer.welcome()
            for (index, event) in events.enumerated() {
                try peer.send(eventMessage(100 + index, event, url: event == "open" ? "aa://one?x" : nil, options: Self.launchOptions))
                let reply = try peer.expectMessage()
                guard reply.id == 100 + index else { throw PeerError("reply \(reply) answers the wrong event") }
            }
            guard try peer.receive() == nil else { throw PeerError("the app sent more after willTerminate") }
        }
        let delegate = RecordingDelegate()
        delegate.answers["open"] = false
        try FerryApplication.run(delegate, environment: daemon.environment())
        let (received, failure) = daemon.finish()
        #expect(failure == nil)
        #expect(delegate.calls == events)
        #expect(delegate.opened == [AppURL("aa://one?x")])
        #expect(received.first?.type == "hello")
        let replies = received.dropFirst().map { message -> String in
            guard case .appReply(let envelope) = message, case .reply(let reply) = envelope.body else { return message.type }
            return "reply \(envelope.id) \(reply.result)"
        }
        #expect(replies == ["reply 100 true", "reply 101 true", "reply 102 false", "reply 103 true", "reply 104 true",
                            "reply 105 true", "reply 106 true", "reply 107 true"])
    }

    @Test func aDeclinedLaunchIsReplied() throws {
        let daemon = try FakeDaemon()
        daemon.play { peer in
            try peer.welcome()
            try peer.send(eventMessage(1, "willFinishLaunching", options: Self.launchOptions))
            _ = try peer.expectMessage()
        }
        let delegate = RecordingDelegate()
        delegate.answers["willFinishLaunching"] = false
        try FerryApplication.run(delegate, environment: daemon.environment())
        #expect(daemon.finish().received.last == replyMessage(1, false))
    }

    @Test func anUnknownEventIsAnsweredFalseAndTheLoopGoesOn() throws {
        let daemon = try FakeDaemon()
        daemon.play { peer in
            try peer.welcome()
            try peer.send(eventMessage(1, "didReceiveRemoteNotification"))
            _ = try peer.expectMessage()
            try peer.send(eventMessage(2, "willTerminate"))
            _ = try peer.expectMessage()
        }
        let delegate = RecordingDelegate()
        try FerryApplication.run(delegate, environment: daemon.environment())
        #expect(Array(daemon.finish().received.dropFirst()) == [replyMessage(1, false), replyMessage(2, true)])
        #expect(delegate.calls == ["willTerminate"])
    }

    @Test func theLoopEndsQuietlyWhenTheDaemonGoesAway() throws {
        let daemon = try FakeDaemon()
        daemon.play { peer in
            try peer.welcome()
            try peer.send(eventMessage(1, "willFinishLaunching"))
            _ = try peer.expectMessage()
        }
        let delegate = RecordingDelegate()
        try FerryApplication.run(delegate, environment: daemon.environment())
        #expect(daemon.finish().failure == nil)
        #expect(delegate.calls == ["willFinishLaunching"])
    }

    @Test func anErrorFrameInsteadOfWelcomeIsARefusal() throws {
        let daemon = try FakeDaemon()
        daemon.play { peer in
            _ = try peer.expectMessage()
            try peer.send(.handshake(.error(WireError(.unknownToken, "no launch by this ferryd has this token").handshake)))
        }
        #expect(throws: ApplicationError(.refused, "ferryd refused the app: unknown-token: no launch by this ferryd has this token")) {
            try FerryApplication.run(RecordingDelegate(), environment: daemon.environment(token: "stale"))
        }
        #expect(daemon.finish().failure == nil)
    }

    @Test func aMalformedFrameStopsTheAppWithoutCallingTheDelegate() throws {
        let daemon = try FakeDaemon()
        daemon.play { peer in
            try peer.welcome()
            try peer.sendRaw(Array("[1,2]\n".utf8))
            _ = try peer.receive()
        }
        let delegate = RecordingDelegate()
        #expect {
            try FerryApplication.run(delegate, environment: daemon.environment())
        } throws: { error in
            let error = error as? ApplicationError
            return error?.code == .protocolViolation && error?.exitStatus == 76
                && error?.message.hasPrefix("ferryd sent a bad frame: ") == true
        }
        #expect(delegate.calls.isEmpty)
        _ = daemon.finish()
    }

    @Test func aMissingSocketCannotBeReached() {
        let environment = LaunchEnvironment(socketPath: "/nonexistent/ferryd.sock", launchToken: "t", bundleIdentifier: "com.test.app",
                                            containerDirectory: "/c", documentsDirectory: "/c/Documents")
        #expect {
            try FerryApplication.run(RecordingDelegate(), environment: environment)
        } throws: { error in
            let error = error as? ApplicationError
            return error?.code == .cannotConnect && error?.exitStatus == 69
                && error?.message == "cannot reach ferryd at /nonexistent/ferryd.sock: No such file or directory"
        }
    }
}
