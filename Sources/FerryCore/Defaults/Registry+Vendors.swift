extension Registry {
    /// The manifest of every installed app, shadowed ones included: an app hidden by another of
    /// the same identifier is still installed, and so is its vendor.
    public var installedManifests: [Manifest] {
        (apps + shadowed.map(\.app)).map(\.manifest)
    }
}
