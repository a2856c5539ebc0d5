import FerryProtocol

extension ApplicationRestoration {
    /// Restores `archive`: `shouldRestoreApplicationState` with the app-level coder (reserved
    /// keys from `info`), then every object by the four-step lookup, then each object's
    /// `decodeRestorableState` (parents first), `didDecodeRestorableState` and
    /// `applicationFinishedRestoringState`.
    ///
    /// The lookup for the object at a path: its restoration class, when it was saved with one
    /// (nil stops the search); the delegate's `restorableObjectAt`; the object already at that
    /// path under ``RestorationDelegate/restorationRoots(of:)``; the factory registered for the
    /// path or its last identifier. An object none of them gives is left out.
    ///
    /// - Returns: What happened; a damaged archive restores nothing and calls no delegate method.
    @discardableResult
    public func restore(_ archive: [UInt8], info: AppEvent.ArchiveInfo, into application: Application,
                        delegate: some RestorationDelegate) -> RestorationOutcome {
        let decoded: RestorationArchive
        do throws(RestorationError) {
            decoded = try RestorationArchive(bytes: archive)
        } catch {
            return .failed(error)
        }
        let appEntry = decoded.entries.first { $0.path.isEmpty }
        let appCoder = RestorationCoder(values: appEntry?.values ?? [:])
        if let version = info.bundleVersion { appCoder.encode(version, forKey: RestorationCoder.bundleVersionKey) }
        if let idiom = info.interfaceIdiom { appCoder.encode(idiom, forKey: RestorationCoder.interfaceIdiomKey) }
        guard delegate.application(application, shouldRestoreApplicationState: appCoder) else { return .refused }
        let found = recreate(decoded.entries.filter { !$0.path.isEmpty }, application, delegate)
        for (object, coder) in found { object.decodeRestorableState(with: coder) }
        delegate.application(application, didDecodeRestorableStateWith: appCoder)
        delegate.applicationFinishedRestoringState(application)
        return .restored(objects: found.count)
    }

    /// Finds or makes the object of every entry; all of them share the table references resolve in.
    private func recreate(_ entries: [RestorationArchive.Entry], _ application: Application,
                          _ delegate: some RestorationDelegate) -> [(any RestorableObject, RestorationCoder)] {
        let existing = RestorationTree.index(delegate.restorationRoots(of: application))
        var found: [(any RestorableObject, RestorationCoder)] = []
        var table: [String: any RestorableObject] = [:]
        for entry in entries {
            guard let path = RestorationPath(parsing: entry.path) else { continue }
            let coder = RestorationCoder(values: entry.values)
            guard let object = lookUp(path, entry.className, coder, existing, application, delegate) else { continue }
            table[entry.path] = object
            found.append((object, coder))
        }
        for (_, coder) in found { coder.restored = table }
        return found
    }

    /// The four steps, in order.
    private func lookUp(_ path: RestorationPath, _ className: String, _ coder: RestorationCoder,
                        _ existing: [RestorationPath: any RestorableObject], _ application: Application,
                        _ delegate: some RestorationDelegate) -> (any RestorableObject)? {
        if !className.isEmpty {
            return classes[className]?.object(at: path, coder: coder)
        }
        if let object = delegate.application(application, restorableObjectAt: path, coder: coder) { return object }
        if let object = existing[path] { return object }
        let factory = factories[path.description] ?? factories[path.identifier]
        return factory?(path, coder)
    }
}
