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

    /// One variable's value, read with `getenv`.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Adds one `NAME=value` entry; one without `=` is no variable and is skipped.
    static func add(_ text: String, to result: inout [String: String]) {
        guard let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) else { return }
        let name = String(text[..<equals])
        if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
    }
}
