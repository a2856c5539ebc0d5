extension AppEvent {
    /// What comes with a URL: the sending app and an annotation.
    public typealias LaunchOptions = WireFrame.LaunchOptions
    /// What is known about the saved state waiting for the app.
    public typealias ArchiveInfo = WireFrame.ArchiveInfo
}
