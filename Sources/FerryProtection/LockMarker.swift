import FerryProtocol
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// `keys/locked`: the time the keys of a lock go. Written at lock, removed at unlock, so a ferryd
/// killed during the grace or while locked finishes the lock when it starts again. Any unlock
/// with the passphrase clears it, ferryd's or `ferry unlock`'s own when no ferryd runs.
public enum LockMarker {
    public static func path(_ keysFolder: String) -> String { keysFolder + "/locked" }

    public static func read(_ keysFolder: String) -> Double? {
        guard let data = FileManager.default.contents(atPath: path(keysFolder)) else { return nil }
        return Double(String(decoding: data, as: UTF8.self).filter { !$0.isWhitespace })
    }

    public static func write(_ deadline: Double, _ keysFolder: String) {
        try? FileSystem.createDirectories(keysFolder, mode: 0o700)
        try? FileSystem.writeAtomically(Array("\(deadline)\n".utf8), to: path(keysFolder), mode: 0o600)
    }

    public static func clear(_ keysFolder: String) {
        unlink(path(keysFolder))
    }
}
