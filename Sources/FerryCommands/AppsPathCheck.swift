/// `FERRY_APPS_PATH` must name folders from the root: a relative entry would be read against
/// whichever folder `ferry` (and the ferryd it starts) happened to run in, and was taken silently.
enum AppsPathCheck {
    /// The line that refuses `list` (`FERRY_APPS_PATH`'s value), or nil when every entry is absolute.
    /// Read with getenv, not the whole environment: `ferry open` starts in a millisecond.
    static func problem(_ list: String?) -> String? {
        guard let list else { return nil }
        // Entry by entry: the [Substring] of `split` would cost `ferry open` a generic array type.
        var rest = list[...]
        while !rest.isEmpty {
            let entry = rest.prefix { $0 != ":" }
            if !entry.isEmpty, !entry.hasPrefix("/") { return message(entry) }
            rest = rest.dropFirst(entry.count + 1)
        }
        return nil
    }

    private static func message(_ relative: Substring) -> String {
        "FERRY_APPS_PATH names \(String(relative).debugDescription), which is not an absolute path; "
            + "give each folder from / (for one here: \"$PWD/\(relative)\")"
    }
}
