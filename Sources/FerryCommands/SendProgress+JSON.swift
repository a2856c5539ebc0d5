import FerryProtocol

extension SendProgress.Event {
    /// The event as one JSON line, keys sorted as ``JSONOutput`` sorts them. Written by hand: a
    /// 10,000-file send prints 10,000 `file-done` lines and a final event listing every file twice,
    /// which took Codable 80 ms of the send's wall time.
    var line: String {
        var writer = JSONWriter()
        writer.field("bytes", bytes)
        writer.field("event", event)
        writer.field("file", file)
        writer.field("fileBytes", fileBytes)
        writer.field("fileTotal", fileTotal)
        Self.write("files", files, to: &writer)
        writer.field("id", id)
        Self.write("items", items, to: &writer)
        writer.field("message", message)
        writer.field("peer", peer)
        writer.field("total", total)
        return String(decoding: writer.finishObject(), as: UTF8.self)
    }

    private static func write(_ name: String, _ rows: [SendProgress.Delivered]?, to writer: inout JSONWriter) {
        guard let rows else { return }
        writer.array(name, rows) { writer, row in
            writer.field("app", row.app)
            writer.field("bundleIdentifier", row.bundleIdentifier)
            writer.field("name", row.name)
            writer.field("status", row.status)
        }
    }
}
