import FerryCore

/// One app's defaults as `ferry defaults` reaches them: its user domain in its container and the
/// administrator's domains, with the command's errors.
struct DefaultsDomain {
    let locations: DefaultsLocations

    init(_ bundleIdentifier: String, context: Context) {
        locations = DefaultsLocations(bundleIdentifier: bundleIdentifier, container: context.paths.container(for: bundleIdentifier),
                                      adminFolder: DefaultsLocations.adminFolder(environment: context.environment))
    }

    /// Whether the user's domain has a file.
    var exists: Bool { FileSystem.exists(locations.userDomain) }

    /// Every domain; a damaged user domain is an error, a damaged administrator's one is skipped.
    func layers() throws -> DefaultsLayers {
        do { return try DefaultsLayers.read(locations, strict: true) } catch { throw Self.failure(error) }
    }

    /// Changes the user's domain (read, `change`, written atomically; removed when empty).
    @discardableResult
    func update<T>(_ change: (inout [String: PropertyListValue]) -> T) throws -> T {
        do { return try DefaultsFile.update(locations.userDomain, change) } catch { throw Self.failure(error) }
    }

    /// The administrator's file that sets `key`, if one does.
    func forcingFile(of key: String) -> String? {
        [locations.adminDomain, locations.adminGlobalDomain].first { path in
            ((try? DefaultsFile.read(path)) ?? nil)?[key] != nil
        }
    }

    static func failure(_ error: DefaultsError) -> CommandFailure {
        let exit = error.code == .cannotWrite ? FerryExit.cannotWrite : FerryExit.badConfiguration
        return CommandFailure(message: error.message + (error.code == .cannotWrite ? "" : "; nothing was changed"), exit: exit)
    }

    static func missingDomain(_ domain: String) -> CommandFailure {
        CommandFailure(message: "Domain \(domain) does not exist", exit: FerryExit.no)
    }

    static func missingPair(_ domain: String, _ key: String) -> CommandFailure {
        CommandFailure(message: "The domain/default pair of (\(domain), \(key)) does not exist", exit: FerryExit.no)
    }
}
