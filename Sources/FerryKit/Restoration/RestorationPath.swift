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
        // Over UTF-8 bytes: splitting by Character runs grapheme breaking, once the bulk of a
        // restore. Splitting at an ASCII "/" always lands between scalars.
        var text = text
        let parts = text.withUTF8 { bytes -> [String]? in
            var parts: [String] = []
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                guard index > start else { return nil }
                parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                start = index + 1
            }
            return parts
        }
        guard let parts else { return nil }
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
