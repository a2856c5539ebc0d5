#if canImport(Glibc)
import Glibc
#endif

/// The name this device announces: `FERRY_DEVICE_NAME`, else the host name.
public enum DeviceName {
    /// DNS labels, and so instance names, are at most 63 bytes (RFC 6763 §4.1.1).
    static let maximumBytes = 63

    public static func resolve(environment: [String: String]) -> String {
        let chosen = environment["FERRY_DEVICE_NAME"].flatMap { $0.isEmpty ? nil : $0 } ?? hostName()
        return truncated(chosen)
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "Ferry device" }
        let name = String(cString: buffer)
        return name.isEmpty ? "Ferry device" : name
    }

    /// Cuts at a character boundary so the UTF-8 stays valid.
    static func truncated(_ name: String) -> String {
        var result = ""
        for character in name {
            guard result.utf8.count + String(character).utf8.count <= maximumBytes else { break }
            result.append(character)
        }
        return result
    }
}
