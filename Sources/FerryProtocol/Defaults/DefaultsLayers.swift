/// An app's defaults as it sees them: the administrator's domains over the user's.
public struct DefaultsLayers: Sendable, Equatable {
    /// The administrator's keys, the app's domain merged over the global one.
    public var forced: [String: PropertyListValue]
    /// The user's domain.
    public var user: [String: PropertyListValue]

    public init(forced: [String: PropertyListValue] = [:], user: [String: PropertyListValue] = [:]) {
        self.forced = forced
        self.user = user
    }

    /// Reads every domain of `locations`. A damaged administrator's domain is skipped (the app
    /// cannot fix it), and so is a damaged user domain when `strict` is false.
    ///
    /// - Throws: ``DefaultsError`` for a damaged user domain when `strict`.
    public static func read(_ locations: DefaultsLocations, strict: Bool = false) throws(DefaultsError) -> DefaultsLayers {
        let global = (try? DefaultsFile.read(locations.adminGlobalDomain)) ?? nil
        let app = (try? DefaultsFile.read(locations.adminDomain)) ?? nil
        let user: [String: PropertyListValue]?
        do { user = try DefaultsFile.read(locations.userDomain) } catch where !strict { user = nil }
        return DefaultsLayers(forced: (global ?? [:]).merging(app ?? [:]) { $1 }, user: user ?? [:])
    }

    /// The value the app sees for `key`.
    public subscript(key: String) -> PropertyListValue? { forced[key] ?? user[key] }

    /// Whether the administrator sets `key`, so that the user's value does not count.
    public func isForced(_ key: String) -> Bool { forced[key] != nil }

    /// Every key the app sees, with its value.
    public var merged: [String: PropertyListValue] { user.merging(forced) { $1 } }
}
