/// `POST /ferry/v1/pair`: who asks to pair (docs/transfer.md, "Pairing").
public struct PairHello: Codable, Sendable, Equatable {
    /// The asking device's name, shown to the receiving user and kept in its trust store.
    public var name: String

    public init(name: String) { self.name = name }
}

/// `POST /ferry/v1/pair/{id}/confirm`: the asking user's decision about the code.
public struct PairConfirmation: Codable, Sendable, Equatable {
    /// Whether the asking user saw the same code on both devices.
    public var accept: Bool

    public init(accept: Bool) { self.accept = accept }
}

/// The answer to every pairing request.
public struct PairAnswer: Codable, Sendable, Equatable {
    /// The request's id on the receiving device.
    public var pair: String
    /// `pending`, `paired` or `declined`.
    public var status: String
    /// The receiving device's name.
    public var name: String
    /// Why it was declined.
    public var message: String?

    public init(pair: String, status: String, name: String, message: String? = nil) {
        self.pair = pair
        self.status = status
        self.name = name
        self.message = message
    }
}
