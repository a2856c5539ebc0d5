import FerryCore
import FoundationEssentials
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// A saved state taken for one launch: the archive file, already renamed away, and the memory
/// file the process inherits. Both are closed once the memory file is filled.
struct TakenState: Sendable {
    var file: Int32
    var memory: Int32

    /// Decrypts the archive into the memory file. A damaged archive, or one saved by a newer
    /// version than the installed one, is dropped with one log line; the app then launches
    /// without it (its memory file stays empty).
    /// - Returns: What is known about the state handed over; nil when none was.
    func fill(_ app: String, installedVersion: String?, store: StateStore, logger: Logger) -> ArchiveInfo? {
        let started = ContinuousClock.now
        let loaded: (info: ArchiveInfo, archive: Data)?
        do {
            loaded = try store.load(app, from: file)
        } catch {
            logger.warning("saved state of \(app) discarded: \(error.message); launching without it")
            return nil
        }
        guard let (info, archive) = loaded else { return nil }
        if let saved = info.bundleVersion, let installed = installedVersion, BundleVersion.isNewer(saved, than: installed) {
            logger.warning("saved state of \(app) refused: written by version \(saved), newer than the installed \(installed); launching without it")
            return nil
        }
        guard StateMemoryFile.fill(memory, with: archive) else {
            logger.warning("saved state of \(app) dropped: cannot fill its memory file (\(String(cString: strerror(errno)))); launching without it")
            return nil
        }
        logger.info("state handed over", metadata: [
            "app": "\(app)", "bytes": "\(archive.count)", "us": "\((ContinuousClock.now - started).microseconds)",
        ])
        return info
    }

    func close() {
        _ = Glibc.close(file)
        _ = Glibc.close(memory)
    }
}
