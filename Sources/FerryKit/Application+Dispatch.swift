import FerryProtocol

/// What the event loop does after one message from ferryd.
public enum EventDispatch: Sendable, Equatable {
    /// Send this reply, then wait for the next event.
    case reply(Envelope<AppReply>)
    /// Send these in order (state-data, then the reply), then wait for the next event.
    case replies([Envelope<AppReply>])
    /// Send this reply, then stop: the app was told it terminates.
    case replyAndFinish(Envelope<AppReply>)
    /// Stop with this failure: ferryd sent an `error` frame, or a frame an app cannot answer.
    case fail(ApplicationError)
}

extension Application {
    /// Delivers one message from ferryd to `delegate` and says what to answer, with no I/O: an
    /// event as the `Envelope<AppEvent>` overload does; an `error` frame, or anything else, stops the
    /// loop.
    ///
    /// - Parameters:
    ///   - message: A message received after `welcome`.
    ///   - delegate: The app's delegate.
    /// - Returns: The reply to send, and whether the loop goes on.
    public func dispatch(_ message: WireMessage, to delegate: some ApplicationDelegate) -> EventDispatch {
        switch message {
        case .event(let event): dispatch(event, to: delegate)
        case .handshake(.error(let failure)): .fail(.refused(failure))
        default: .fail(ApplicationError(.protocolViolation, "ferryd sent a \"\(message.type)\" frame where an event was expected"))
        }
    }

    /// Delivers one event from ferryd to `delegate` and says what to answer, with no I/O.
    ///
    /// An event calls the delegate method of its name and gets a `reply` with the same `id`:
    /// the delegate's answer for `willFinishLaunching`, `didFinishLaunching` and `open`, `true` for
    /// the others, and `false` for an event name this version does not know (the delegate is not
    /// called). The state changes as ``state`` describes.
    ///
    /// - Parameters:
    ///   - envelope: An event received after `welcome`, with its id.
    ///   - delegate: The app's delegate.
    /// - Returns: The reply to send, and whether the loop goes on.
    public func dispatch(_ envelope: Envelope<AppEvent>, to delegate: some ApplicationDelegate) -> EventDispatch {
        let id = envelope.id
        let event = switch envelope.body { case .event(let event): event }
        let name = event.event
        if name == Self.encodeStateEvent {
            let replies = encodeStateReplies(id, delegate)
            return replies.count == 1 ? .reply(replies[0]) : .replies(replies)
        }
        guard let lifecycleEvent = LifecycleEvent(rawValue: name) else { return .reply(.init(id: id, .reply(.init(result: false)))) }
        let changesStateFirst = name.hasPrefix("did")
        if changesStateFirst { try? lifecycle.apply(.send(lifecycleEvent)) }
        trackBackgroundBudget(lifecycleEvent, event)
        let answer = deliver(lifecycleEvent, event, to: delegate)
        if !changesStateFirst { try? lifecycle.apply(.send(lifecycleEvent)) }
        let reply = Envelope(id: id, AppReply.reply(.init(result: lifecycleEvent.hasAnswer ? answer : true)))
        return lifecycleEvent == .willTerminate ? .replyAndFinish(reply) : .reply(reply)
    }

    /// Calls the delegate method for `event`. - Returns: Its answer; true for methods without one.
    private func deliver(_ event: LifecycleEvent, _ received: AppEvent.Event, to delegate: some ApplicationDelegate) -> Bool {
        switch event {
        case .willFinishLaunching:
            launchOptions = LaunchOptions(received.options)
            takeArchive(received)
            return delegate.application(self, willFinishLaunchingWithOptions: launchOptions)
        case .didFinishLaunching:
            if let options = received.options { launchOptions = LaunchOptions(options) }
            restorePendingState(delegate)
            return delegate.application(self, didFinishLaunchingWithOptions: launchOptions)
        case .open:
            guard let url = received.url ?? received.options?.url else { return false }
            var options = LaunchOptions(received.options)
            options.url = AppURL(url)
            return delegate.application(self, open: AppURL(url), options: options)
        case .didBecomeActive: delegate.applicationDidBecomeActive(self)
        case .willResignActive: delegate.applicationWillResignActive(self)
        case .didEnterBackground: delegate.applicationDidEnterBackground(self)
        case .willEnterForeground: delegate.applicationWillEnterForeground(self)
        case .willTerminate: delegate.applicationWillTerminate(self)
        case .didReceiveMemoryWarning: delegate.applicationDidReceiveMemoryWarning(self)
        case .protectedDataWillBecomeUnavailable, .protectedDataDidBecomeAvailable: deliverProtectedData(event, to: delegate)
        case .backgroundTaskWillExpire: expireBackgroundTask(received)
        case .significantTimeChange: delegate.applicationSignificantTimeChange(self, reason: received.value)
        case .currentLocaleDidChange: delegate.applicationCurrentLocaleDidChange(self, locale: received.value)
        case .userDefaultsDidChange: delegate.applicationUserDefaultsDidChange(self)
        }
        return true
    }
}
