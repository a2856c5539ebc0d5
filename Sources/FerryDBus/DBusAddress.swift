#if canImport(Glibc)
import Glibc
#endif

/// Where the session and system buses are, from an environment the caller passes in (libraries do
/// not read the process environment themselves).
public enum DBusAddress {
    /// The session bus: `DBUS_SESSION_BUS_ADDRESS` when set; else the systemd user manager's bus at
    /// `$XDG_RUNTIME_DIR/bus` (or `/run/user/<uid>/bus`) when that socket exists; else nil.
    ///
    /// - Parameters:
    ///   - environment: the variables to look at (normally the process environment).
    ///   - userID: whose `/run/user/<uid>` to try when `XDG_RUNTIME_DIR` is unset.
    ///   - socketExists: tests a path; the default asks the file system.
    public static func session(
        environment: [String: String],
        userID: UInt32 = getuid(),
        socketExists: (String) -> Bool = DBusAddress.isSocket
    ) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/run/user/\(userID)"
        let path = runtime + "/bus"
        return socketExists(path) ? unixPath(path) : nil
    }

    /// The system bus: `DBUS_SYSTEM_BUS_ADDRESS` when set, else `/run/dbus/system_bus_socket`.
    public static func system(environment: [String: String]) -> String {
        if let address = environment["DBUS_SYSTEM_BUS_ADDRESS"], !address.isEmpty { return address }
        return unixPath("/run/dbus/system_bus_socket")
    }

    /// A `unix:path=` address, with the bytes D-Bus does not allow bare escaped as `%XX`.
    public static func unixPath(_ path: String) -> String {
        var out = "unix:path="
        for byte in path.utf8 {
            if isOptionallyEscaped(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// True when `path` is a socket.
    public static func isSocket(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }

    private static func isOptionallyEscaped(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "-_/\\.*".utf8.contains(byte)
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
