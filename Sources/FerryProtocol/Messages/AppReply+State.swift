extension AppReply.StateData {
    /// The archive bytes this chunk carries; nil when its `data` is not base64.
    public var archiveBytes: [UInt8]? {
        var data = data
        return data.withUTF8 { Base64.decode($0) }
    }
}
