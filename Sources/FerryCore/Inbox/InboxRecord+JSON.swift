/// InboxRecord to and from one log line by hand: an offer of 10,000 files appends 10,000 lines, and
/// Codable spent about 70 ms on them.
extension InboxRecord {
    /// Reads one line of the log; unknown members are ignored.
    package init(json bytes: some Collection<UInt8>) throws(JSONFieldError) {
        let fields = try JSONFields(parsing: bytes)
        self.init(path: try fields.string("path"), app: try fields.string("app"), sender: try fields.string("sender"),
                  fingerprint: try fields.string("fingerprint"), size: try fields.uint64("size"),
                  sha256: try fields.string("sha256"), time: try fields.double("time"))
    }

    /// The record as one line of JSON, newline included.
    package func jsonLine() -> [UInt8] {
        var out = JSONWriter()
        out.field("path", path)
        out.field("app", app)
        out.field("sender", sender)
        out.field("fingerprint", fingerprint)
        out.field("size", size)
        out.field("sha256", sha256)
        out.field("time", time)
        return out.finish()
    }
}
