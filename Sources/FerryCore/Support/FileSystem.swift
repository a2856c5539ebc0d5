import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one file-system helper that needs Foundation (the others are in FerrySystem).
extension FileSystem {
    /// The readable reason inside a Foundation or POSIX error.
    public static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError, let posix = error.userInfo["NSUnderlyingError"] as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        if let error = error as? CocoaError {
            switch error.code {
            case .fileReadNoSuchFile: return "no such file"
            case .fileReadNoPermission: return "permission denied"
            default: break
            }
        }
        return "\(error)"
    }
}
