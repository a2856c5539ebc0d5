import FoundationEssentials

/// Who may send to this device, as AirDrop: nobody, trusted peers, or everyone for a while.
public enum ReceivingMode: Sendable, Equatable {
    /// Every offer is refused.
    case off
    /// Only trusted peers may offer (the default).
    case contacts
    /// Anyone may offer until the date; untrusted offers wait for the user. Then Contacts again.
    case everyone(until: Date)

    /// How long Everyone lasts.
    public static let everyoneDuration: TimeInterval = 10 * 60

    /// The mode in force at `now`: Everyone past its end reads as Contacts.
    public func effective(at now: Date) -> ReceivingMode {
        if case .everyone(let until) = self, until <= now { return .contacts }
        return self
    }

    /// `off`, `contacts` or `everyone`.
    public var name: String {
        switch self {
        case .off: "off"
        case .contacts: "contacts"
        case .everyone: "everyone"
        }
    }
}
