extension WireFrame {
    /// The files of a `send` result: `status`, the receiving `app` and the file's `name` in that
    /// app's Inbox. Protocol 2 sends them as `deliveries`; protocol 1's tab-separated `items` rows
    /// are read too, malformed ones skipped.
    public var deliveryItems: [(status: String, app: String, name: String)] {
        if let deliveries { return deliveries.map { ($0.status, $0.app ?? "", $0.name) } }
        return (items ?? []).compactMap { item in
            let parts = item.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return parts.count == 3 ? (parts[0], parts[1], parts[2]) : nil
        }
    }
}
