/// A small strict JSON reader for protocol frames: UTF-8 only, nesting bounded, numbers as Int or
/// Double (UInt64 above Int.max, for sizes). Faster than Codable's JSONDecoder by avoiding its
/// containers, which dominated ferryd's profile when a batch of URLs streams through.
package enum JSONValue: Equatable {
    case string(String)
    case integer(Int)
    /// A whole number above `Int.max` that fits in UInt64 (a file size); larger ones read as double.
    case unsigned(UInt64)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.unsigned(let a), .unsigned(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }
}

/// Reads JSON as RFC 8259 defines it, and stricter where the RFC leaves a choice:
/// - numbers only as the RFC's grammar writes them (no `+5`, `.5`, `5.`, `01`, `0x1`, `NaN`);
/// - strings in valid UTF-8, without raw control characters or unpaired surrogates;
/// - **a key twice in one object is refused**, at any depth, in frames and bodies alike, so no
///   reader can disagree with another about which of two values counts;
/// - at most ``maximumDepth`` nested arrays and objects and ``maximumMembers`` members per object.
package struct JSONScanner {
    package struct Failure: Error {
        package var reason: String
    }

    /// Nested arrays and objects allowed, counting the outermost.
    package static let maximumDepth = 16
    /// Members allowed in one object: protocol objects have a dozen; this bounds what checking for
    /// duplicate keys can cost.
    package static let maximumMembers = 4096

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    /// Whether the input was checked already: skipping then only finds where values end.
    var checked = false

    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses the whole input as one value.
    package mutating func parseDocument() throws(Failure) -> JSONValue {
        let value = try parseValue()
        try expectEnd()
        return value
    }

    /// Throws unless only whitespace is left.
    package mutating func expectEnd() throws(Failure) {
        skipWhitespace()
        guard index == bytes.count else { throw Failure(reason: "trailing characters after the JSON value") }
    }

    private mutating func parseValue() throws(Failure) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw Failure(reason: "unexpected end of the frame") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return try parseNumber()
        }
    }

    mutating func nest() throws(Failure) {
        depth += 1
        index += 1
        guard depth <= Self.maximumDepth else { throw Failure(reason: "nested more than \(Self.maximumDepth) deep") }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try nest()
        var members: [(String, JSONValue)] = []
        var keys = JSONKeys()
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { index += 1; depth -= 1; return .object(members) }
        members.reserveCapacity(8)  // one allocation for a typical frame or offered file, not four
        repeat {
            let key = try parseKey(into: &keys)
            members.append((key, try parseValue()))
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { throw Failure(reason: "expected \",\" or \"}\" in an object") }
        depth -= 1
        return .object(members)
    }

    /// A member's key and its colon; refuses a key already in `keys`.
    mutating func parseKey(into keys: inout JSONKeys) throws(Failure) -> String {
        skipWhitespace()
        guard peek(UInt8(ascii: "\"")) else { throw Failure(reason: "expected a quoted key") }
        let key = try parseString()
        guard keys.insert(key) else { throw Failure(reason: "the key \(key.debugDescription) appears twice in one object") }
        guard keys.count <= Self.maximumMembers else { throw Failure(reason: "more than \(Self.maximumMembers) members in one object") }
        skipWhitespace()
        guard consume(UInt8(ascii: ":")) else { throw Failure(reason: "expected \":\" after a key") }
        return key
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        try nest()
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { index += 1; depth -= 1; return .array(elements) }
        repeat {
            elements.append(try parseValue())
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { throw Failure(reason: "expected \",\" or \"]\" in an array") }
        depth -= 1
        return .array(elements)
    }

    mutating func expect(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              word.withUTF8Buffer({ $0.elementsEqual(bytes[index..<index + count]) })
        else { throw Failure(reason: "unexpected character") }
        index += count
    }

    mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09 || bytes[index] == 0x0D {
            index += 1
        }
    }

    func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek(byte) else { return false }
        index += 1
        return true
    }
}

/// The keys of one object so far: a linear search for the few members of a frame, a hash set
/// beyond, so a large object costs no more than its keys.
struct JSONKeys {
    private var few: [String] = []
    private var many: Set<String>?
    private(set) var count = 0

    /// Adds `key`; false if it was there already.
    mutating func insert(_ key: String) -> Bool {
        if many == nil, few.count < 16 {
            guard !few.contains(key) else { return false }
            few.append(key)
        } else {
            if many == nil { many = Set(few) }
            guard many!.insert(key).inserted else { return false }
        }
        count += 1
        return true
    }
}
