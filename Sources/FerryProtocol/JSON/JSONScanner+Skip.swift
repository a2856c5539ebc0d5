/// Reading a document without building it: values are checked as strictly as ``parseDocument()``
/// checks them but not kept, so a reader that wants a few members of a large body pays for those
/// members only, not for a tree of everything a peer chose to send.
extension JSONScanner {
    /// The scanner's byte offset into its input.
    package var position: Int { index }

    /// Starts reading at `position`, for a value inside an input already checked (by
    /// ``skipValue()`` or ``members()`` of a scanner that started at its beginning): skipping
    /// then finds where values end without checking them again.
    package init(checked bytes: UnsafeBufferPointer<UInt8>, at position: Int) {
        self.bytes = bytes
        self.index = position
        self.checked = true
    }

    /// Checks and passes over one value.
    package mutating func skipValue() throws(Failure) {
        skipWhitespace()
        guard index < bytes.count else { throw Failure(reason: "unexpected end of the frame") }
        switch bytes[index] {
        case UInt8(ascii: "{"): _ = try scanObject(keeping: false)
        case UInt8(ascii: "["): try skipArray()
        case UInt8(ascii: "\"") where checked: skipCheckedString()
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try expect("true")
        case UInt8(ascii: "f"): try expect("false")
        case UInt8(ascii: "n"): try expect("null")
        default: if checked { _ = try scanNumber() } else { try skipNumber() }
        }
    }

    /// Checks a number without building it; only one that could be out of a double's range is
    /// converted, so that `1e400` is refused here as ``parseDocument()`` refuses it.
    private mutating func skipNumber() throws(Failure) {
        let start = index
        if try scanNumber(), index - start < 300 { return }
        index = start
        _ = try parseNumber()
    }

    /// Moves past a string known to be valid: to the first quote that no backslash escapes.
    private mutating func skipCheckedString() {
        index += 1
        while index < bytes.count {
            skipPlainWords()
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\\") else { break }
            index += 2
        }
        index = min(index + 1, bytes.count)  // in bounds even on an input wrongly said to be checked
    }

    /// The object that starts here, as its keys and where each value lies, the values checked.
    package mutating func members() throws(Failure) -> [(key: String, value: Range<Int>)] {
        skipWhitespace()
        guard peek(UInt8(ascii: "{")) else { throw Failure(reason: "expected an object") }
        return try scanObject(keeping: true)
    }

    private mutating func scanObject(keeping: Bool) throws(Failure) -> [(key: String, value: Range<Int>)] {
        try nest()
        var members: [(key: String, value: Range<Int>)] = []
        var keys = JSONKeys()
        skipWhitespace()
        if !consume(UInt8(ascii: "}")) {
            repeat {
                if keeping || !checked {
                    let key = try parseKey(into: &keys)
                    skipWhitespace()
                    let start = index
                    try skipValue()
                    if keeping { members.append((key, start..<index)) }
                } else {
                    skipCheckedString()
                    skipWhitespace()
                    _ = consume(UInt8(ascii: ":"))
                    try skipValue()
                }
                skipWhitespace()
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "}")) else { throw Failure(reason: "expected \",\" or \"}\" in an object") }
        }
        depth -= 1
        return members
    }

    private mutating func skipArray() throws(Failure) {
        try nest()
        skipWhitespace()
        if !consume(UInt8(ascii: "]")) {
            repeat {
                try skipValue()
                skipWhitespace()
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "]")) else { throw Failure(reason: "expected \",\" or \"]\" in an array") }
        }
        depth -= 1
    }

    /// Enters the array that starts here; then ``nextElement(first:)`` finds its elements.
    package mutating func enterArray() throws(Failure) {
        skipWhitespace()
        guard peek(UInt8(ascii: "[")) else { throw Failure(reason: "expected an array") }
        try nest()
    }

    /// Moves to the start of the array's next element, which the caller then reads or skips;
    /// false after the last.
    /// - Parameter first: Whether no element was read yet.
    package mutating func nextElement(first: Bool) throws(Failure) -> Bool {
        skipWhitespace()
        if consume(UInt8(ascii: "]")) {  // never right after a comma: that is consumed with a value
            depth -= 1
            return false
        }
        if !first, !consume(UInt8(ascii: ",")) { throw Failure(reason: "expected \",\" or \"]\" in an array") }
        skipWhitespace()
        guard index < bytes.count else { throw Failure(reason: "unexpected end of the frame") }
        return true
    }
}
