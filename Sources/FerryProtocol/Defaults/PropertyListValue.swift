import FoundationEssentials

/// A property-list value of any shape, so a manifest can be checked key by key with exact paths.
public enum PropertyListValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case real(Double)
    case boolean(Bool)
    case date(Date)
    case data(Data)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    /// The name a diagnostic uses for this value's type.
    public var typeName: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .real: "a real"
        case .boolean: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .dictionary: "a dictionary"
        }
    }
}

extension PropertyListValue: Decodable {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            var dictionary: [String: PropertyListValue] = [:]
            for key in keyed.allKeys {
                dictionary[key.stringValue] = try keyed.decode(PropertyListValue.self, forKey: key)
            }
            self = .dictionary(dictionary)
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var array: [PropertyListValue] = []
            while !unkeyed.isAtEnd { array.append(try unkeyed.decode(PropertyListValue.self)) }
            self = .array(array)
        } else {
            self = try Self.decodeScalar(try decoder.singleValueContainer())
        }
    }

    private static func decodeScalar(_ value: any SingleValueDecodingContainer) throws -> Self {
        if let bool = try? value.decode(Bool.self) { return .boolean(bool) }
        if let int = try? value.decode(Int.self) { return .integer(int) }
        if let real = try? value.decode(Double.self) { return .real(real) }
        if let string = try? value.decode(String.self) { return .string(string) }
        if let data = try? value.decode(Data.self) { return .data(data) }
        if let date = try? value.decode(Date.self) { return .date(date) }
        let path = value.codingPath.map(\.stringValue).joined(separator: ".")
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: value.codingPath,
            debugDescription: "the value of \(path) cannot be read; is the file valid UTF-8?"))
    }
}
