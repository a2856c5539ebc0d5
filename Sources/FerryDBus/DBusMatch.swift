/// A signal match rule: which signals a subscription receives.
///
/// Set `sender` to the well-known name of the service (e.g. `org.freedesktop.Notifications`): the
/// bus then only broadcasts to us the signals that name's owner sends, and the connection drops
/// any other, such as one a client addresses to this connection alone (which the bus delivers
/// whatever the rule says), so no other client can forge them.
public struct DBusMatch: Sendable, Equatable {
    public var sender: String?
    public var path: String?
    public var interface: String?
    public var member: String?
    /// Matches signals whose first argument is this string.
    public var arg0: String?

    /// - Parameters: each one narrows the rule; nil leaves that field open.
    public init(
        sender: String? = nil, path: String? = nil, interface: String? = nil,
        member: String? = nil, arg0: String? = nil
    ) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.arg0 = arg0
    }

    /// The rule in the bus's text form, e.g. `type='signal',interface='a.b',member='C'`.
    public var rule: String {
        var parts = ["type='signal'"]
        let fields: [(String, String?)] = [
            ("sender", sender), ("path", path), ("interface", interface), ("member", member), ("arg0", arg0),
        ]
        for (key, value) in fields {
            if let value { parts.append("\(key)=\(Self.quote(value))") }
        }
        return parts.joined(separator: ",")
    }

    /// Quotes a value the way the D-Bus spec asks: a `'` becomes `'\''`.
    static func quote(_ value: String) -> String {
        "'" + value.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}

/// A signal the bus delivered.
public struct DBusSignal: Sendable, Equatable {
    /// The unique name of the connection that sent it (e.g. `:1.42`).
    public var sender: String?
    public var path: String
    public var interface: String
    public var member: String
    public var arguments: [DBusValue]

    public init(sender: String?, path: String, interface: String, member: String, arguments: [DBusValue]) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }
}

/// A method call to send.
public struct DBusMethodCall: Sendable, Equatable {
    public var destination: String?
    public var path: String
    public var interface: String?
    public var member: String
    public var arguments: [DBusValue]
    /// How long to wait for the reply.
    public var timeout: Duration

    /// - Parameters:
    ///   - destination: the bus name of the peer (`org.freedesktop.Notifications`).
    ///   - path: the object path.
    ///   - interface: the interface of `member`.
    ///   - member: the method name.
    ///   - arguments: the input arguments, in order.
    ///   - timeout: how long to wait for the reply (default 25 s, the D-Bus default).
    public init(
        destination: String?, path: String, interface: String?, member: String,
        arguments: [DBusValue] = [], timeout: Duration = .seconds(25)
    ) {
        self.destination = destination
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
        self.timeout = timeout
    }
}
