/// Where an object sits in the restoration tree: the restoration identifiers from the root down,
/// written `Root/Nav/Detail`.
public struct RestorationPath: Hashable, Sendable, CustomStringConvertible {
    /// The identifiers, root first; never empty.
    public let identifiers: [String]

    /// A path from its identifiers, root first.
    ///
    /// - Precondition: `identifiers` is not empty (a programmer's mistake otherwise).
    public init(_ identifiers: [String]) {
        precondition(!identifiers.isEmpty, "a restoration path has at least one identifier")
        self.identifiers = identifiers
    }

    /// Parses `Root/Nav/Detail`; nil for an empty string or an empty component.
    public init?(parsing text: String) {
        // Over UTF-8 bytes: splitting by Character runs grapheme breaking, the bulk of a restore.
        let parts = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .map { String(Substring($0)) }
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        identifiers = parts
    }

    /// The last identifier: the object's own.
    public var identifier: String { identifiers[identifiers.count - 1] }

    /// The path of the parent; nil for a root.
    public var parent: RestorationPath? {
        identifiers.count > 1 ? RestorationPath(Array(identifiers.dropLast())) : nil
    }

    /// This path with `identifier` appended: the path of a child.
    public func appending(_ identifier: String) -> RestorationPath {
        RestorationPath(identifiers + [identifier])
    }

    public var description: String { identifiers.joined(separator: "/") }
}
