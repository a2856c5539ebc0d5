/// A JSON body that does not have the expected shape, naming the field at fault (`files[3].size`).
package struct JSONFieldError: Error, Equatable, CustomStringConvertible {
    /// The field's path from the top of the document; empty for the document itself.
    package var field: String
    package var reason: String
    /// The body is well formed but holds more than a limit allows (HTTP 413 rather than 400).
    package var overLimit: Bool

    package init(field: String, reason: String, overLimit: Bool = false) {
        self.field = field
        self.reason = reason
        self.overLimit = overLimit
    }

    package var description: String { field.isEmpty ? reason : "\(field): \(reason)" }
}

/// One JSON object's members read by name, for hand-written decoders that accept what Codable
/// accepts: unknown members ignored, any order, `null` or absence for optionals. Stricter than
/// Codable where ``JSONScanner`` is: a key twice in one object is refused (Codable keeps one).
///
/// Nothing is built before it is asked for: the document is checked once and each object is kept
/// as its keys and where their values lie, so an untrusted body costs memory for the members a
/// decoder reads, not for a tree of everything in it.
package struct JSONFields {
    /// The whole document, shared by the objects read from it.
    private let document: [UInt8]
    private let members: [(key: String, value: Range<Int>)]
    /// Where this object is, kept in parts so that the path is only built for an error.
    private let parent: String
    private let index: Int?

    private init(_ document: [UInt8], _ members: [(key: String, value: Range<Int>)], parent: String, index: Int?) {
        self.document = document
        self.members = members
        self.parent = parent
        self.index = index
    }

    /// Parses a whole document, which must be one object.
    package init(parsing bytes: some Collection<UInt8>) throws(JSONFieldError) {
        let document = Array(bytes)
        let scanned = document.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONScanner.Failure) in try Self.scan(buffer) }
        }
        switch scanned {
        case .success(let members?): self.init(document, members, parent: "", index: nil)
        case .success(nil): throw JSONFieldError(field: "", reason: "expected an object")
        case .failure(let failure): throw JSONFieldError(field: "", reason: "invalid JSON: \(failure.reason)")
        }
    }

    /// Checks the whole document; the top object's members, or nil if it is another value.
    private static func scan(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONScanner.Failure) -> [(key: String, value: Range<Int>)]? {
        var scanner = JSONScanner(buffer)
        scanner.skipWhitespace()
        let isObject = scanner.peek(UInt8(ascii: "{"))
        let members = isObject ? try scanner.members() : []
        if !isObject { try scanner.skipValue() }
        try scanner.expectEnd()
        return isObject ? members : nil
    }

    private static func path(_ parent: String, _ index: Int?) -> String {
        index.map { "\(parent)[\($0)]" } ?? parent
    }

    private func name(_ key: String) -> String {
        let path = Self.path(parent, index)
        return path.isEmpty ? key : "\(path).\(key)"
    }

    /// Where the member's value lies, `nil` when absent or `null`.
    private func range(_ key: String) -> Range<Int>? {
        guard let range = members.first(where: { $0.key == key })?.value else { return nil }
        return document[range.lowerBound] == UInt8(ascii: "n") ? nil : range
    }

    /// A scalar member's value; arrays and objects are not built, as no scalar reader takes them.
    private func scalar(_ range: Range<Int>) -> JSONValue? {
        guard document[range.lowerBound] != UInt8(ascii: "["), document[range.lowerBound] != UInt8(ascii: "{") else { return nil }
        return document.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(UnsafeBufferPointer(rebasing: buffer[range]))
            return try? scanner.parseDocument()  // checked when the document was read
        }
    }

    /// The member's value, `nil` when absent or `null`; a typed reader that answers `nil` is a type error.
    private func optional<T>(_ key: String, _ expected: String, _ read: (JSONValue) -> T?) throws(JSONFieldError) -> T? {
        guard let range = range(key) else { return nil }
        guard let typed = scalar(range).flatMap(read) else { throw JSONFieldError(field: name(key), reason: "expected \(expected)") }
        return typed
    }

    private func required<T>(_ key: String, _ expected: String, _ read: (JSONValue) -> T?) throws(JSONFieldError) -> T {
        guard let typed = try optional(key, expected, read) else {
            throw JSONFieldError(field: name(key), reason: "missing; expected \(expected)")
        }
        return typed
    }

    private func container(_ key: String, _ opener: Character, _ expected: String) throws(JSONFieldError) -> Int {
        guard let range = range(key) else { throw JSONFieldError(field: name(key), reason: "missing; expected \(expected)") }
        guard document[range.lowerBound] == opener.asciiValue else { throw JSONFieldError(field: name(key), reason: "expected \(expected)") }
        return range.lowerBound
    }

    package func string(_ key: String) throws(JSONFieldError) -> String { try required(key, "a string", Self.string) }
    package func optionalString(_ key: String) throws(JSONFieldError) -> String? { try optional(key, "a string", Self.string) }
    package func uint64(_ key: String) throws(JSONFieldError) -> UInt64 { try required(key, Self.unsignedName, Self.unsigned) }
    package func optionalUInt64(_ key: String) throws(JSONFieldError) -> UInt64? { try optional(key, Self.unsignedName, Self.unsigned) }
    package func bool(_ key: String) throws(JSONFieldError) -> Bool { try required(key, "true or false", Self.bool) }
    package func double(_ key: String) throws(JSONFieldError) -> Double { try required(key, "a number", Self.double) }

    /// A nested object.
    package func object(_ key: String) throws(JSONFieldError) -> JSONFields {
        let start = try container(key, "{", "an object")
        let members = document.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(checked: buffer, at: start)
            return (try? scanner.members()) ?? []  // checked when the document was read
        }
        return JSONFields(document, members, parent: name(key), index: nil)
    }

    /// An array of objects, each decoded by `read`.
    /// - Parameter maximumCount: More elements than this are refused, with an error marked
    ///   ``JSONFieldError/overLimit``, before any of them is decoded.
    package func objects<T>(_ key: String, maximumCount: Int = .max,
                            _ read: (JSONFields) throws(JSONFieldError) -> T) throws(JSONFieldError) -> [T] {
        let start = try container(key, "[", "an array")
        let path = name(key)
        let count = try count(at: start, maximumCount: maximumCount, path: path)
        return try document.withUnsafeBufferPointer { buffer throws(JSONFieldError) in
            var scanner = JSONScanner(checked: buffer, at: start)
            var items: [T] = []
            items.reserveCapacity(count)
            try? scanner.enterArray()
            while (try? scanner.nextElement(first: items.isEmpty)) == true {
                guard let members = try? scanner.members() else {
                    throw JSONFieldError(field: Self.path(path, items.count), reason: "expected an object")
                }
                items.append(try read(JSONFields(document, members, parent: path, index: items.count)))
            }
            return items
        }
    }

    /// How many elements the array at `start` has, counted before any is decoded.
    private func count(at start: Int, maximumCount: Int, path: String) throws(JSONFieldError) -> Int {
        let count = document.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(checked: buffer, at: start)
            var count = 0
            try? scanner.enterArray()
            while count <= maximumCount, (try? scanner.nextElement(first: count == 0)) == true {
                count += 1
                try? scanner.skipValue()
            }
            return count
        }
        guard count <= maximumCount else {
            throw JSONFieldError(field: path, reason: "more than \(maximumCount) elements", overLimit: true)
        }
        return count
    }

    private static func string(_ value: JSONValue) -> String? {
        if case .string(let string) = value { return string } else { return nil }
    }

    private static func bool(_ value: JSONValue) -> Bool? {
        if case .bool(let bool) = value { return bool } else { return nil }
    }

    private static func double(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .unsigned(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }

    private static let unsignedName = "a whole number from 0 to 18446744073709551615"

    /// As Codable reads UInt64: whole numbers in range, also written `1.0` or `1e3`.
    private static func unsigned(_ value: JSONValue) -> UInt64? {
        switch value {
        case .integer(let number): UInt64(exactly: number)
        case .unsigned(let number): number
        case .double(let number): UInt64(exactly: number)
        default: nil
        }
    }
}
