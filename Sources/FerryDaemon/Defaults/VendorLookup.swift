import FerryCore
import Logging

/// The `identifierForVendor` the welcome gives an app: its vendor from the registry in place,
/// its UUID from the user's store (made the first time an app of that vendor connects).
struct VendorLookup: Sendable {
    let registry: RegistryService
    let store: VendorIdentifiers
    let logger: Logger

    init(registry: RegistryService, store: VendorIdentifiers, logger: Logger) {
        self.registry = registry
        self.store = store
        self.logger = logger
    }

    /// The lookup of `manager`'s registry and user.
    init(manager: AppManager) {
        self.init(registry: manager.registryService, store: VendorIdentifiers(paths: manager.configuration.paths),
                  logger: manager.logger)
    }

    /// The app's identifier; nil when it is no longer installed or the store cannot be written
    /// (logged: the app then sees none, as iOS apps may before first unlock).
    func identifier(for app: String) -> String? {
        guard let installed = registry.app(app) else { return nil }
        do {
            return try store.identifier(forVendor: VendorIdentifiers.vendor(of: installed.manifest))
        } catch {
            logger.error("no identifierForVendor for the app", metadata: ["app": "\(app)", "error": "\(error)"])
            return nil
        }
    }
}
