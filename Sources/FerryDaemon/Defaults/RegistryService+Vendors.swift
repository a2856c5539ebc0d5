import FerryCore

extension RegistryService {
    /// After a read is in place: forgets the identifierForVendor of every vendor no installed app
    /// belongs to any more, so the next app of that vendor gets a new one. This sees every way an
    /// app goes (`ferry uninstall`, `rm -r`, a package manager) while ferryd runs, and at its
    /// start what went while it did not. A read that may have missed an app forgets nothing: one
    /// that skipped a manifest (half-written, say), or one taken while `ferry install` replaces a
    /// bundle (its `.installing-` copy still there).
    func forgetUninstalledVendors(_ registry: Registry) {
        guard registry.diagnostics.isEmpty else { return }
        let installing = FileSystem.entries(of: paths.userApps)?.contains { $0.hasPrefix(".installing-") } ?? false
        guard !installing else { return }
        do {
            let forgotten = try VendorIdentifiers(paths: paths).forget(allBut: registry.installedManifests)
            if !forgotten.isEmpty { logger.info("forgot identifierForVendor", metadata: ["vendors": "\(forgotten)"]) }
        } catch {
            logger.error("cannot forget the vendors of uninstalled apps", metadata: ["error": "\(error)"])
        }
    }
}
