import FerryProtocol

/// A body of the transfer protocol with a hand-written JSON form, in the shapes of
/// docs/transfer.md. Codable took about 250 ms of a 10,000-file send; this is several times faster.
/// The types stay Codable for apps and tests that use it.
package protocol TransferJSON: Codable {
    /// Reads the body from one object; unknown members are ignored.
    init(json fields: JSONFields) throws(JSONFieldError)
    /// Writes the body's members.
    func write(to out: inout JSONWriter)
}

extension TransferJSON {
    /// Parses a whole body.
    /// - Throws: ``JSONFieldError`` naming the field at fault, or saying the JSON is invalid.
    package init(json bytes: some Collection<UInt8>) throws(JSONFieldError) {
        try self.init(json: try JSONFields(parsing: bytes))
    }

    /// The body as JSON.
    package func json() -> [UInt8] {
        var out = JSONWriter()
        write(to: &out)
        return out.finishObject()
    }

    /// The body as JSON and a newline, as replies end.
    package func jsonLine() -> [UInt8] {
        var out = JSONWriter()
        write(to: &out)
        return out.finish()
    }
}
