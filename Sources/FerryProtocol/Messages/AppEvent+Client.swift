extension AppReply {
    /// What is known about a saved state archive (declared with the event that announces it).
    public typealias ArchiveInfo = AppEvent.ArchiveInfo
}
