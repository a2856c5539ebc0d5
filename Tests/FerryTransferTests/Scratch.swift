import Foundation

/// A folder under /tmp, removed when the test ends.
final class Scratch: @unchecked Sendable {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "ferry-transfer-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The permission bits of `path`.
    func mode(_ relative: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path + "/" + relative)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }
}
