/// Discovery could not start or do what was asked; `message` is one line for the user.
public struct DiscoveryError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
