import Crypto
import FerryCore
import FoundationEssentials

/// The bytes of a saved-state file: `FERRYST1`, then AES-GCM (nonce, ciphertext, tag) over a
/// header (``ArchiveInfo`` as JSON, after its 32-bit big-endian length) and the app's
/// archive. The magic and the bundle identifier are authenticated too, so a file copied to
/// another app's name does not open.
enum SealedArchive {
    static let magic: [UInt8] = Array("FERRYST1".utf8)

    /// Encrypts `archive` with its `info` for `app`.
    static func seal(_ archive: [UInt8], info: ArchiveInfo, app: String, key: SymmetricKey) throws -> [UInt8] {
        let header = Array(try JSONEncoder().encode(info))
        let count = UInt32(header.count)
        let length: [UInt8] = [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
        let box = try AES.GCM.seal(length + header + archive, using: key, authenticating: authenticated(app))
        guard let combined = box.combined else { throw StateError(.damaged, "AES-GCM gave no combined box") }
        return magic + Array(combined)
    }

    /// Decrypts a file's bytes.
    ///
    /// - Throws: ``StateError`` `damaged` saying why: not a Ferry archive, truncated, or failing
    ///   authentication (changed, or written with another key or for another app).
    /// - Returns: The header and the archive, a slice of the decrypted bytes (not copied).
    static func open(_ bytes: [UInt8], app: String, key: SymmetricKey) throws(StateError) -> (info: ArchiveInfo, archive: Data) {
        guard bytes.count >= magic.count, Array(bytes[..<magic.count]) == magic else {
            throw StateError(.damaged, "not a Ferry state archive (no FERRYST1 header)")
        }
        guard bytes.count >= magic.count + 12 + 16 else {
            throw StateError(.damaged, "truncated (\(bytes.count) bytes)")
        }
        let plain: Data
        do {
            let box = try AES.GCM.SealedBox(combined: bytes[magic.count...])
            plain = try AES.GCM.open(box, using: key, authenticating: authenticated(app))
        } catch {
            throw StateError(.damaged, "authentication failed: changed, truncated or written with another key")
        }
        guard plain.count >= 4 else { throw StateError(.damaged, "no header") }
        let start = plain.startIndex
        let length = plain[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }
        guard plain.count - 4 >= length,
              let info = try? JSONDecoder().decode(ArchiveInfo.self, from: plain[start + 4..<start + 4 + length]) else {
            throw StateError(.damaged, "unreadable header")
        }
        return (info, plain[(start + 4 + length)...])
    }

    private static func authenticated(_ app: String) -> [UInt8] {
        magic + Array(app.utf8)
    }
}
