import FerryCore
import FerryProtection
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// A container's `Documents` (its Inbox included) gets the app's class when it is created: the
/// manifest's `com.apple.developer.default-data-protection`, else completeUntilFirstUserAuthentication.
enum ContainerProtection {
    /// The class an app's manifest asks for (Apple's spelling or Ferry's), or the default.
    static func appClass(_ manifest: Manifest) -> ProtectionClass {
        guard case .string(let name)? = manifest.otherKeys[ProtectionClass.manifestKey] else { return .appDefault }
        return ProtectionClass(name: name) ?? .appDefault
    }

    /// Creates `<container>/Documents` with `protection` if it does not exist yet. An existing one
    /// keeps what it has (a folder's class is fixed once set). Before the first unlock made the
    /// keys, or where the filesystem has no fscrypt, the folder is made unprotected and a line logged.
    static func prepare(container: String, protection: ProtectionClass, identifiers: [ProtectionClass: KeyIdentifier], logger: Logger) {
        let documents = container + "/Documents"
        guard !FileSystem.exists(documents) else { return }
        do { try FileSystem.createDirectories(container) } catch { return }
        guard mkdir(documents, 0o700) == 0 else { return }
        do {
            let reading = try FolderProtection.set(protection, on: documents, identifiers: identifiers)
            logger.info("container protected", metadata: ["folder": "\(documents)", "class": "\(reading)"])
        } catch {
            logger.warning("container not protected", metadata: ["folder": "\(documents)", "error": "\(error.message)"])
        }
    }
}

extension ProtectionController {
    /// Before a launch or a delivery: the container's Documents with the app's class.
    nonisolated func prepareContainer(_ app: InstalledApp, paths: FerryPaths) {
        guard !app.isDesktopEntry else { return }
        let identifiers = (try? protection.identifiers()) ?? [:]
        ContainerProtection.prepare(container: paths.container(for: app.bundleIdentifier),
                                    protection: ContainerProtection.appClass(app.manifest), identifiers: identifiers, logger: logger)
    }
}
