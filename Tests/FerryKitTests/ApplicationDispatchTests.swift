import FerryProtocol
import FerryKit
import Testing

@Suite struct ApplicationDispatchTests {
    /// Every event but `backgroundTaskWillExpire`, which calls its task's handler (BackgroundTasksTests).
    @Test(arguments: LifecycleEvent.allCases.filter { $0 != .backgroundTaskWillExpire })
    func everyEventCallsTheMethodOfItsName(_ event: LifecycleEvent) {
        let delegate = RecordingDelegate()
        let frame = appEvent(41, event.rawValue, url: event == .open ? "aa://x" : nil)
        let outcome = testApplication().dispatch(frame, to: delegate)
        #expect(delegate.calls == [event.rawValue])
        let reply = appReply(41, true)
        #expect(outcome == (event == .willTerminate ? .replyAndFinish(reply) : .reply(reply)))
    }

    @Test(arguments: [LifecycleEvent.willFinishLaunching, .didFinishLaunching, .open], [true, false])
    func theReplyCarriesTheDelegatesAnswer(_ event: LifecycleEvent, _ answer: Bool) {
        let delegate = RecordingDelegate()
        delegate.answers[event.rawValue] = answer
        let outcome = testApplication().dispatch(appEvent(7, event.rawValue, url: "aa://x"), to: delegate)
        #expect(outcome == .reply(appReply(7, answer)))
    }

    @Test(arguments: LifecycleEvent.allCases)
    func theDefaultsAcceptEverything(_ event: LifecycleEvent) {
        let outcome = testApplication().dispatch(appEvent(3, event.rawValue, url: "aa://x"), to: DefaultDelegate())
        let reply = appReply(3, true)
        #expect(outcome == (event == .willTerminate ? .replyAndFinish(reply) : .reply(reply)))
    }

    @Test(arguments: ["didReceiveRemoteNotification", "", "WillTerminate", "open "])
    func anUnknownEventIsAnsweredFalseWithoutACall(_ name: String) {
        let delegate = RecordingDelegate()
        let application = testApplication()
        #expect(application.dispatch(appEvent(9, name), to: delegate) == .reply(appReply(9, false)))
        #expect(delegate.calls.isEmpty)
        #expect(application.state == .inactive)
    }

    @Test func launchOptionsReachTheDelegateAndStayOnTheApplication() throws {
        let delegate = RecordingDelegate()
        let application = testApplication()
        let wire = AppEvent.LaunchOptions(url: "todolist://www.acme.com?Quarterly%20Report#200806231300",
                                           sourceApplication: "com.other", annotation: "note")
        _ = application.dispatch(appEvent(1, "willFinishLaunching", options: wire), to: delegate)
        _ = application.dispatch(appEvent(2, "didFinishLaunching", options: wire), to: delegate)
        let expected = LaunchOptions(url: AppURL(wire.url!), sourceApplication: "com.other", annotation: "note")
        #expect(delegate.options == [expected, expected])
        #expect(application.launchOptions == expected)
        #expect(application.launchOptions.url?.query == "Quarterly%20Report")
    }

    @Test func openGetsTheURLAndItsOptions() {
        let delegate = RecordingDelegate()
        let wire = AppEvent.LaunchOptions(url: "aa://one", sourceApplication: "com.sender")
        _ = testApplication().dispatch(appEvent(5, "open", url: "aa://one", options: wire), to: delegate)
        #expect(delegate.opened == [AppURL("aa://one")])
        #expect(delegate.options == [LaunchOptions(url: AppURL("aa://one"), sourceApplication: "com.sender")])
    }

    @Test func anOpenWithoutAURLIsNotHandled() {
        let delegate = RecordingDelegate()
        #expect(testApplication().dispatch(appEvent(5, "open"), to: delegate) == .reply(appReply(5, false)))
        #expect(delegate.calls.isEmpty)
    }

    @Test(arguments: ["open", "willTerminate", "encodeRestorableState", "noSuchEvent"])
    func anEventOnTheWireIsDispatchedAsTheEventItCarries(_ name: String) {
        let event = appEvent(8, name, url: "aa://x")
        let fromWire = testApplication().dispatch(.event(event), to: RecordingDelegate())
        #expect(fromWire == testApplication().dispatch(event, to: RecordingDelegate()))
    }

    @Test func anErrorFrameStopsTheLoopWithItsCodeAndMessage() throws {
        let failure = Handshake.Failure(code: "malformed-frame", message: "line 3: expected a JSON object")
        let outcome = testApplication().dispatch(.handshake(.error(failure)), to: RecordingDelegate())
        guard case .fail(let error) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(error.code == .refused)
        #expect(error.exitStatus == 76)
        #expect(error.message == "ferryd reported an error: malformed-frame: line 3: expected a JSON object")
    }

    @Test(arguments: [WireMessage.handshake(.welcome(.init(protocol: 2, server: nil))), .reply(.init(id: 1, .result(.init(outcome: .ok)))),
                      .handshake(.hello(.client)), .appReply(.init(id: 1, .reply(.init(result: true))))])
    func aFrameThatIsNotAnEventStopsTheLoop(_ message: WireMessage) {
        let delegate = RecordingDelegate()
        let outcome = testApplication().dispatch(message, to: delegate)
        #expect(outcome == .fail(ApplicationError(.protocolViolation, "ferryd sent a \"\(message.type)\" frame where an event was expected")))
        #expect(delegate.calls.isEmpty)
    }
}
