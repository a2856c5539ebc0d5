/// Numbers exactly as RFC 8259 writes them: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`.
extension JSONScanner {
    mutating func parseNumber() throws(Failure) -> JSONValue {
        let start = index
        let integral = try scanNumber()
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if integral, let value = Int(text) { return .integer(value) }
        if integral, let value = UInt64(text) { return .unsigned(value) }
        // Double() reads the RFC's grammar in full; one too large for a double is refused, as Codable does.
        guard let value = Double(text), value.isFinite else { throw Failure(reason: "the number \(text.prefix(40)) is out of range") }
        return .double(value)
    }

    /// Moves past one number; whether it has neither a fraction nor an exponent.
    mutating func scanNumber() throws(Failure) -> Bool {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            // A leading zero stands alone: "01" is not a number.
        } else if try digits(required: false) == 0 {
            throw Failure(reason: index == start ? "unexpected character" : "a \"-\" must be followed by digits")
        }
        var integral = true
        if consume(UInt8(ascii: ".")) {
            integral = false
            try digits(required: true, after: "\".\"")
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            integral = false
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            try digits(required: true, after: "an exponent's \"e\"")
        }
        return integral
    }

    /// Moves past decimal digits and counts them.
    @discardableResult
    private mutating func digits(required: Bool, after what: String = "") throws(Failure) -> Int {
        let start = index
        while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
        guard !required || index > start else { throw Failure(reason: "a number needs digits after \(what)") }
        return index - start
    }
}
