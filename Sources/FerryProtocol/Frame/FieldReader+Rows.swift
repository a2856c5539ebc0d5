/// The rows of a result as nested objects, read and written by hand like the rest of the message.
extension FieldReader {
    /// An array of rows, each read by `row`; nil when absent.
    func rows<Row>(_ row: (FieldReader) throws(JSONScanner.Failure) -> Row) throws(JSONScanner.Failure) -> [Row]? {
        guard case .array(let list) = value else {
            if case .null = value { return nil }
            throw fail("an array")
        }
        var rows: [Row] = []
        for (index, item) in list.enumerated() {
            rows.append(try row(FieldReader(key: "\(key)[\(index)]", value: item)))
        }
        return rows
    }

    /// The member `name` of this row.
    func member(_ name: String) throws(JSONScanner.Failure) -> FieldReader {
        guard case .object(let members) = value else { throw fail("an object") }
        return field(name, in: members)
    }

    /// `value` of the member `name`, which must be there.
    func need<T>(_ name: String, _ value: T?) throws(JSONScanner.Failure) -> T {
        guard let value else { throw JSONScanner.Failure(reason: "missing field \"\(key).\(name)\" (see docs/protocol.md)") }
        return value
    }

    func uint64() throws(JSONScanner.Failure) -> UInt64? {
        switch value {
        case .null: return nil
        case .integer(let int) where int >= 0: return UInt64(int)
        case .unsigned(let unsigned): return unsigned
        default: throw fail("an unsigned integer")
        }
    }

    func delivery() throws(JSONScanner.Failure) -> DaemonReply.Delivery {
        DaemonReply.Delivery(status: try need("status", member("status").string()), app: try member("app").string(),
                           name: try need("name", member("name").string()))
    }

    func trustRow() throws(JSONScanner.Failure) -> DaemonReply.TrustRow {
        DaemonReply.TrustRow(fingerprint: try need("fingerprint", member("fingerprint").string()), name: try need("name", member("name").string()),
                           autoAccept: try member("autoAccept").bool())
    }

    func offerRow() throws(JSONScanner.Failure) -> DaemonReply.OfferRow {
        DaemonReply.OfferRow(id: try need("id", member("id").string()), sender: try need("sender", member("sender").string()),
                           files: try need("files", member("files").int()), bytes: try need("bytes", member("bytes").uint64()),
                           fingerprint: try need("fingerprint", member("fingerprint").string()), url: try member("url").string())
    }

    func pairRequestRow() throws(JSONScanner.Failure) -> DaemonReply.PairRequestRow {
        DaemonReply.PairRequestRow(id: try need("id", member("id").string()), name: try need("name", member("name").string()),
                                 code: try need("code", member("code").string()), fingerprint: try need("fingerprint", member("fingerprint").string()))
    }
}

extension JSONWriter {
    /// A result's rows, after its other members.
    mutating func rows(_ result: DaemonReply.Result) {
        if let rows = result.deliveries {
            array("deliveries", rows) { out, row in
                out.field("status", row.status)
                out.field("app", row.app)
                out.field("name", row.name)
            }
        }
        if let rows = result.trusted {
            array("trusted", rows) { out, row in
                out.field("fingerprint", row.fingerprint)
                out.field("name", row.name)
                out.field("autoAccept", row.autoAccept)
            }
        }
        if let rows = result.offers { array("offers", rows) { $0.offer($1) } }
        if let rows = result.pairRequests {
            array("pairRequests", rows) { out, row in
                out.field("id", row.id)
                out.field("name", row.name)
                out.field("code", row.code)
                out.field("fingerprint", row.fingerprint)
            }
        }
    }

    private mutating func offer(_ row: DaemonReply.OfferRow) {
        field("id", row.id)
        field("sender", row.sender)
        field("files", row.files)
        field("bytes", row.bytes)
        field("fingerprint", row.fingerprint)
        field("url", row.url)
    }
}
