import Foundation

extension Sequence where Element == UInt8 {
    /// The bytes as lowercase hex, two digits each.
    var hexString: String { map { String(format: "%02x", $0) }.joined() }
}
