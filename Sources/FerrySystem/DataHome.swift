/// Ferry's data home, `$XDG_DATA_HOME/ferry` (`~/.local/share/ferry` by default): one rule for
/// FerryCore's `FerryPaths` and for FerryKit, which finds the class key identifiers there without
/// linking the registry.
package enum DataHome {
    /// The data home for `environment`; a relative `XDG_DATA_HOME` is ignored, as the XDG
    /// specification asks, and a missing `HOME` is `/`.
    package static func path(environment: [String: String]) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        let base = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        return base + "/ferry"
    }
}
