import FerryProtocol

extension ApplicationRestoration {
    /// Encodes the app's state, as the app moves to the background.
    ///
    /// Order: `shouldSaveApplicationState`, `willEncodeRestorableState` (the app level, first
    /// entry), then every object with an identifier, parents first, each into its own coder.
    ///
    /// - Returns: The archive and the app's own version; nil when the delegate declined.
    /// - Throws: ``RestorationError`` when two objects share a path or an identifier is bad.
    public func encodeState(of application: Application, delegate: some RestorationDelegate)
        throws(RestorationError) -> (archive: [UInt8], appVersion: String?)?
    {
        guard delegate.application(application, shouldSaveApplicationState: RestorationCoder()) else { return nil }
        let tree = try RestorationTree(roots: delegate.restorationRoots(of: application))
        let paths = tree.paths
        let appCoder = RestorationCoder(paths: paths)
        delegate.application(application, willEncodeRestorableStateWith: appCoder)
        var entries = [RestorationArchive.Entry(path: "", className: "", values: appCoder.values)]
        for node in tree.nodes {
            let coder = RestorationCoder(paths: paths)
            node.object.encodeRestorableState(with: coder)
            let className = node.object.restorationClass?.restorationClassName ?? ""
            entries.append(RestorationArchive.Entry(path: node.path.description, className: className, values: coder.values))
        }
        return (RestorationArchive(entries: entries).bytes(), appCoder.appVersion)
    }
}
