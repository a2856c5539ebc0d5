extension WireFrame {
    /// The files of a `send` result, one `items` row each: `status`, the receiving `app` and the
    /// file's `name` in that app's Inbox, tab-separated on the wire. Malformed rows are skipped.
    public var deliveryItems: [(status: String, app: String, name: String)] {
        (items ?? []).compactMap { item in
            let parts = item.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return parts.count == 3 ? (parts[0], parts[1], parts[2]) : nil
        }
    }
}
