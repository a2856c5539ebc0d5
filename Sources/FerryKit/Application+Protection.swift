import FerryProtocol

extension Application {
    /// Whether files of class `complete` can be opened now (UIKit's `isProtectedDataAvailable`).
    ///
    /// Follows `protectedDataWillBecomeUnavailable` (false from then on) and
    /// `protectedDataDidBecomeAvailable` (true); before either, asks ferryd once. True where ferryd
    /// cannot be asked (no socket, or a ferryd without data protection).
    public var isProtectedDataAvailable: Bool {
        if let protectedDataKnown { return protectedDataKnown }
        let asked = Self.askProtectedData(socketPath)
        protectedDataKnown = asked
        return asked
    }

    func deliverProtectedData(_ event: LifecycleEvent, to delegate: some ApplicationDelegate) {
        if event == .protectedDataWillBecomeUnavailable {
            delegate.applicationProtectedDataWillBecomeUnavailable(self)
            protectedDataKnown = false
        } else {
            protectedDataKnown = true
            delegate.applicationProtectedDataDidBecomeAvailable(self)
        }
    }

    private static func askProtectedData(_ socketPath: String?) -> Bool {
        guard let request = try? DaemonRequest.open(socketPath),
              let answer = try? request.request(.protectionStatus) else { return true }
        return answer.protection?.available ?? true
    }
}
