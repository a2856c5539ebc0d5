#if canImport(Glibc)
import Glibc
#endif

/// The environment a child starts with.
public enum ChildEnvironment: Sendable {
    /// Exactly these `NAME=value` entries.
    case entries([String])
    /// This process's environment without the variables named in `removing` or set by `adding`,
    /// then `adding` (`NAME=value` entries). The entries kept go to `posix_spawn` as they are in
    /// `environ`: `ferry open` starts a command app after copying five strings, not fifty (issue 26).
    case inherited(removing: [String], adding: [String])

    /// Runs `body` with a null-terminated `envp`, valid only inside it.
    func withPointers<R>(_ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        switch self {
        case .entries(let entries):
            return withCStrings(entries, body)
        case .inherited(let removed, let added):
            let replaced = Self.replaced(removed, added)
            return withCStrings(added) { addedPointers in
                var envp: [UnsafeMutablePointer<CChar>?] = []
                var entry = environ
                while let pointer = entry.pointee {
                    if !replaced.contains(where: { Self.entry(pointer, names: $0) }) { envp.append(pointer) }
                    entry += 1
                }
                return body(envp + addedPointers)
            }
        }
    }

    /// `variables` as entries, changed as ``inherited(removing:adding:)`` changes this process's.
    public static func changing(_ variables: [String: String], removing removed: [String], adding added: [String]) -> Self {
        let replaced = replaced(removed, added)
        return .entries(variables.filter { !replaced.contains($0.key) }.map { $0.key + "=" + $0.value } + added)
    }

    /// The names a change drops from the environment it starts from.
    private static func replaced(_ removed: [String], _ added: [String]) -> [String] {
        removed + added.compactMap(name)
    }

    /// The name of a `NAME=value` entry.
    static func name(_ entry: String) -> String? {
        entry.utf8.firstIndex(of: UInt8(ascii: "=")).map { String(entry[..<$0]) }
    }

    /// Whether the C string `entry` sets `name`: it starts with `name` and `=`.
    static func entry(_ entry: UnsafePointer<CChar>, names name: String) -> Bool {
        name.withCString { name in
            let count = strlen(name)
            return strncmp(entry, name, count) == 0 && entry[count] == CChar(UInt8(ascii: "="))
        }
    }
}
