/// A file protection class, as on iOS (`NSFileProtection…`), enforced by an fscrypt key of its own.
public enum ProtectionClass: String, Sendable, CaseIterable, Codable {
    /// Always readable: no encryption policy.
    case none
    /// Unreadable from the lock's grace period until the next unlock.
    case complete
    /// Files open when the lock comes stay usable through their handles; nothing new opens until unlock.
    case completeUnlessOpen
    /// Unreadable after boot until the user's first unlock, then available until reboot or unmount.
    case completeUntilFirstUserAuthentication

    /// The class of a container's `Documents` when the manifest names none, as on iOS.
    public static let appDefault = ProtectionClass.completeUntilFirstUserAuthentication

    /// The manifest key naming an app's default class.
    public static let manifestKey = "com.apple.developer.default-data-protection"

    /// The classes that have a key (all but `none`).
    public static let keyed: [ProtectionClass] = [.complete, .completeUnlessOpen, .completeUntilFirstUserAuthentication]

    /// Apple's spelling, as the manifest takes it.
    public var appleName: String {
        switch self {
        case .none: "NSFileProtectionNone"
        case .complete: "NSFileProtectionComplete"
        case .completeUnlessOpen: "NSFileProtectionCompleteUnlessOpen"
        case .completeUntilFirstUserAuthentication: "NSFileProtectionCompleteUntilFirstUserAuthentication"
        }
    }

    /// Whether the class's key goes when the session locks (and comes back at unlock).
    public var isRemovedAtLock: Bool { self == .complete || self == .completeUnlessOpen }

    /// Parses a CLI name (`complete`) or Apple's spelling (`NSFileProtectionComplete`).
    public init?(name: String) {
        if let plain = ProtectionClass(rawValue: name) {
            self = plain
        } else if let apple = ProtectionClass.allCases.first(where: { $0.appleName == name }) {
            self = apple
        } else {
            return nil
        }
    }
}
