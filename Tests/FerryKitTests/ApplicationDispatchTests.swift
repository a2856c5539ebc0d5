import FerryProtocol
import FerryKit
import Testing

@Suite struct ApplicationDispatchTests {
    @Test(arguments: LifecycleEvent.allCases)
    func everyEventCallsTheMethodOfItsName(_ event: LifecycleEvent) {
        let delegate = RecordingDelegate()
        let frame = eventFrame(41, event.rawValue, url: event == .open ? "aa://x" : nil)
        let outcome = testApplication().dispatch(frame, to: delegate)
        #expect(delegate.calls == [event.rawValue])
        let reply = replyFrame(41, true)
        #expect(outcome == (event == .willTerminate ? .replyAndFinish(reply) : .reply(reply)))
    }

    @Test(arguments: [LifecycleEvent.willFinishLaunching, .didFinishLaunching, .open], [true, false])
    func theReplyCarriesTheDelegatesAnswer(_ event: LifecycleEvent, _ answer: Bool) {
        let delegate = RecordingDelegate()
        delegate.answers[event.rawValue] = answer
        let outcome = testApplication().dispatch(eventFrame(7, event.rawValue, url: "aa://x"), to: delegate)
        #expect(outcome == .reply(replyFrame(7, answer)))
    }

    @Test(arguments: LifecycleEvent.allCases)
    func theDefaultsAcceptEverything(_ event: LifecycleEvent) {
        let outcome = testApplication().dispatch(eventFrame(3, event.rawValue, url: "aa://x"), to: DefaultDelegate())
        let reply = replyFrame(3, true)
        #expect(outcome == (event == .willTerminate ? .replyAndFinish(reply) : .reply(reply)))
    }

    @Test(arguments: ["didReceiveRemoteNotification", "", "WillTerminate", "open "])
    func anUnknownEventIsAnsweredFalseWithoutACall(_ name: String) {
        let delegate = RecordingDelegate()
        let application = testApplication()
        #expect(application.dispatch(eventFrame(9, name), to: delegate) == .reply(replyFrame(9, false)))
        #expect(delegate.calls.isEmpty)
        #expect(application.state == .inactive)
    }

    @Test func launchOptionsReachTheDelegateAndStayOnTheApplication() throws {
        let delegate = RecordingDelegate()
        let application = testApplication()
        let wire = WireFrame.LaunchOptions(url: "todolist://www.acme.com?Quarterly%20Report#200806231300",
                                           sourceApplication: "com.other", annotation: "note")
        _ = application.dispatch(eventFrame(1, "willFinishLaunching", options: wire), to: delegate)
        _ = application.dispatch(eventFrame(2, "didFinishLaunching", options: wire), to: delegate)
        let expected = LaunchOptions(url: AppURL(wire.url!), sourceApplication: "com.other", annotation: "note")
        #expect(delegate.options == [expected, expected])
        #expect(application.launchOptions == expected)
        #expect(application.launchOptions.url?.query == "Quarterly%20Report")
    }

    @Test func openGetsTheURLAndItsOptions() {
        let delegate = RecordingDelegate()
        let wire = WireFrame.LaunchOptions(url: "aa://one", sourceApplication: "com.sender")
        _ = testApplication().dispatch(eventFrame(5, "open", url: "aa://one", options: wire), to: delegate)
        #expect(delegate.opened == [AppURL("aa://one")])
        #expect(delegate.options == [LaunchOptions(url: AppURL("aa://one"), sourceApplication: "com.sender")])
    }

    @Test func anOpenWithoutAURLIsNotHandled() {
        let delegate = RecordingDelegate()
        #expect(testApplication().dispatch(eventFrame(5, "open"), to: delegate) == .reply(replyFrame(5, false)))
        #expect(delegate.calls.isEmpty)
    }

    @Test func anErrorFrameStopsTheLoopWithItsCodeAndMessage() throws {
        var frame = WireFrame(type: "error")
        frame.code = "malformed-frame"
        frame.message = "line 3: expected a JSON object"
        let outcome = testApplication().dispatch(frame, to: RecordingDelegate())
        guard case .fail(let error) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(error.code == .refused)
        #expect(error.exitStatus == 76)
        #expect(error.message == "ferryd reported an error: malformed-frame: line 3: expected a JSON object")
    }

    @Test(arguments: ["welcome", "result", "hello"])
    func aFrameThatIsNotAnEventStopsTheLoop(_ type: String) {
        let delegate = RecordingDelegate()
        let outcome = testApplication().dispatch(WireFrame(type: type, id: 1), to: delegate)
        #expect(outcome == .fail(ApplicationError(.protocolViolation, "ferryd sent a \"\(type)\" frame where an event was expected")))
        #expect(delegate.calls.isEmpty)
    }
}
