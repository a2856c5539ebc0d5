/// A JSON body that does not have the expected shape, naming the field at fault (`files[3].size`).
package struct JSONFieldError: Error, Equatable, CustomStringConvertible {
    /// The field's path from the top of the document; empty for the document itself.
    package var field: String
    package var reason: String

    package init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    package var description: String { field.isEmpty ? reason : "\(field): \(reason)" }
}

/// One JSON object's members read by name, for hand-written decoders that accept what Codable
/// accepts: unknown members ignored, any order, `null` or absence for optionals.
package struct JSONFields {
    private let members: [(String, JSONValue)]
    /// Where this object is, kept in parts so that the path is only built for an error.
    private let parent: String
    private let index: Int?

    package init(_ value: JSONValue, parent: String = "", index: Int? = nil) throws(JSONFieldError) {
        self.parent = parent
        self.index = index
        guard case .object(let members) = value else {
            throw JSONFieldError(field: Self.path(parent, index), reason: "expected an object")
        }
        self.members = members
    }

    /// Parses a whole document, which must be one object.
    package init(parsing bytes: some Collection<UInt8>) throws(JSONFieldError) {
        let parsed: Result<JSONValue, JSONScanner.Failure>? = bytes.withContiguousStorageIfAvailable { Self.parse($0) }
        let value = try (parsed ?? Array(bytes).withUnsafeBufferPointer { Self.parse($0) })
            .mapError { JSONFieldError(field: "", reason: "invalid JSON: \($0.reason)") }.get()
        try self.init(value)
    }

    private static func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONScanner.Failure> {
        var scanner = JSONScanner(buffer)
        return Result { () throws(JSONScanner.Failure) in try scanner.parseDocument() }
    }

    private static func path(_ parent: String, _ index: Int?) -> String {
        index.map { "\(parent)[\($0)]" } ?? parent
    }

    private func name(_ key: String) -> String {
        let path = Self.path(parent, index)
        return path.isEmpty ? key : "\(path).\(key)"
    }

    /// The member's value, `nil` when absent or `null`; a typed reader that answers `nil` is a type error.
    private func optional<T>(_ key: String, _ expected: String, _ read: (JSONValue) -> T?) throws(JSONFieldError) -> T? {
        guard let value = members.first(where: { $0.0 == key })?.1 else { return nil }
        if case .null = value { return nil }
        guard let typed = read(value) else { throw JSONFieldError(field: name(key), reason: "expected \(expected)") }
        return typed
    }

    private func required<T>(_ key: String, _ expected: String, _ read: (JSONValue) -> T?) throws(JSONFieldError) -> T {
        guard let typed = try optional(key, expected, read) else {
            throw JSONFieldError(field: name(key), reason: "missing; expected \(expected)")
        }
        return typed
    }

    package func string(_ key: String) throws(JSONFieldError) -> String { try required(key, "a string", Self.string) }
    package func optionalString(_ key: String) throws(JSONFieldError) -> String? { try optional(key, "a string", Self.string) }
    package func uint64(_ key: String) throws(JSONFieldError) -> UInt64 { try required(key, Self.unsignedName, Self.unsigned) }
    package func optionalUInt64(_ key: String) throws(JSONFieldError) -> UInt64? { try optional(key, Self.unsignedName, Self.unsigned) }
    package func bool(_ key: String) throws(JSONFieldError) -> Bool { try required(key, "true or false", Self.bool) }
    package func double(_ key: String) throws(JSONFieldError) -> Double { try required(key, "a number", Self.double) }

    /// A nested object.
    package func object(_ key: String) throws(JSONFieldError) -> JSONFields {
        try JSONFields(try required(key, "an object") { $0 }, parent: name(key))
    }

    /// An array of objects, each decoded by `read`.
    package func objects<T>(_ key: String, _ read: (JSONFields) throws(JSONFieldError) -> T) throws(JSONFieldError) -> [T] {
        let list = try required(key, "an array") { value -> [JSONValue]? in
            if case .array(let list) = value { return list } else { return nil }
        }
        let path = name(key)
        var items: [T] = []
        items.reserveCapacity(list.count)
        for (index, item) in list.enumerated() {
            items.append(try read(try JSONFields(item, parent: path, index: index)))
        }
        return items
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
