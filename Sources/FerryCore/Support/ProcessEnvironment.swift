#if canImport(Glibc)
import Glibc
#endif

/// The process's environment, read straight from `environ`. Foundation's `ProcessInfo` builds its
/// whole description of the process on first use: a sixth of `ferry open`'s time (issue 26).
public enum ProcessEnvironment {
    /// Every `NAME=value` entry; where a name repeats, the first wins, as with `getenv`.
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            add(String(cString: pointer), to: &result)
            entry += 1
        }
        return result
    }

    /// The `NAME=value` entries as they are, for a child's environment: no dictionary to build.
    public static func entries() -> [String] {
        var result: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            result.append(String(cString: pointer))
            entry += 1
        }
        return result
    }

    /// One variable's value, read with `getenv`.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// `entries` without the variables named in `removed` or set by `added`, then `added`: the
    /// environment of a child given its parent's with some variables changed. All entries are
    /// `NAME=value`.
    public static func entries(_ entries: [String], removing removed: [String], adding added: [String]) -> [String] {
        let replaced = removed + added.compactMap(name)
        return entries.filter { entry in name(entry).map { name in !replaced.contains(name) } ?? false } + added
    }

    private static func name(_ entry: String) -> String? {
        entry.utf8.firstIndex(of: UInt8(ascii: "=")).map { String(entry[..<$0]) }
    }

    /// Adds one `NAME=value` entry; one without `=` is no variable and is skipped.
    static func add(_ text: String, to result: inout [String: String]) {
        guard let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) else { return }
        let name = String(text[..<equals])
        if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
    }
}
