import FerryProtocol

/// What the event loop does after one frame from ferryd.
public enum EventDispatch: Sendable, Equatable {
    /// Send this reply, then wait for the next event.
    case reply(WireFrame)
    /// Send these frames in order (state-data, then the reply), then wait for the next event.
    case replies([WireFrame])
    /// Send this reply, then stop: the app was told it terminates.
    case replyAndFinish(WireFrame)
    /// Stop with this failure: ferryd sent an `error` frame, or a frame an app cannot answer.
    case fail(ApplicationError)
}

extension Application {
    /// Delivers one frame from ferryd to `delegate` and says what to answer, with no I/O.
    ///
    /// An `event` frame calls the delegate method of its name and gets a `reply` with the same `id`:
    /// the delegate's answer for `willFinishLaunching`, `didFinishLaunching` and `open`, `true` for
    /// the others, and `false` for an event name this version does not know (the delegate is not
    /// called). The state changes as ``state`` describes.
    ///
    /// - Parameters:
    ///   - frame: A frame received after `welcome`.
    ///   - delegate: The app's delegate.
    /// - Returns: The reply to send, and whether the loop goes on.
    public func dispatch(_ frame: WireFrame, to delegate: some ApplicationDelegate) -> EventDispatch {
        switch frame.type {
        case "event": break
        case "error": return .fail(.refused(frame))
        default: return .fail(ApplicationError(.protocolViolation, "ferryd sent a \"\(frame.type)\" frame where an event was expected"))
        }
        guard let id = frame.id, let name = frame.event else {
            return .fail(ApplicationError(.protocolViolation, "ferryd sent an event frame without an id or event name"))
        }
        if name == Self.encodeStateEvent {
            let frames = encodeStateReplies(id, delegate)
            return frames.count == 1 ? .reply(frames[0]) : .replies(frames)
        }
        guard let event = LifecycleEvent(rawValue: name) else { return .reply(replyFrame(id, false)) }
        let changesStateFirst = name.hasPrefix("did")
        if changesStateFirst { try? lifecycle.apply(.send(event)) }
        let answer = deliver(event, frame, to: delegate)
        if !changesStateFirst { try? lifecycle.apply(.send(event)) }
        let reply = replyFrame(id, event.hasAnswer ? answer : true)
        return event == .willTerminate ? .replyAndFinish(reply) : .reply(reply)
    }

    /// Calls the delegate method for `event`. - Returns: Its answer; true for methods without one.
    private func deliver(_ event: LifecycleEvent, _ frame: WireFrame, to delegate: some ApplicationDelegate) -> Bool {
        switch event {
        case .willFinishLaunching:
            launchOptions = LaunchOptions(frame.options)
            takeArchive(frame)
            return delegate.application(self, willFinishLaunchingWithOptions: launchOptions)
        case .didFinishLaunching:
            if let options = frame.options { launchOptions = LaunchOptions(options) }
            restorePendingState(delegate)
            return delegate.application(self, didFinishLaunchingWithOptions: launchOptions)
        case .open:
            guard let url = frame.url ?? frame.options?.url else { return false }
            var options = LaunchOptions(frame.options)
            options.url = AppURL(url)
            return delegate.application(self, open: AppURL(url), options: options)
        case .didBecomeActive: delegate.applicationDidBecomeActive(self)
        case .willResignActive: delegate.applicationWillResignActive(self)
        case .didEnterBackground: delegate.applicationDidEnterBackground(self)
        case .willEnterForeground: delegate.applicationWillEnterForeground(self)
        case .willTerminate: delegate.applicationWillTerminate(self)
        case .didReceiveMemoryWarning: delegate.applicationDidReceiveMemoryWarning(self)
        case .protectedDataWillBecomeUnavailable, .protectedDataDidBecomeAvailable: deliverProtectedData(event, to: delegate)
        }
        return true
    }
}

/// `{"type":"reply","id":ID,"result":RESULT}`.
private func replyFrame(_ id: Int, _ result: Bool) -> WireFrame {
    var frame = WireFrame(type: "reply", id: id)
    frame.result = result
    return frame
}
