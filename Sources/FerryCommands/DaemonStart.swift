import FerryCore

#if canImport(Glibc)
import Glibc
#endif

/// Waiting for a ferryd that was just started to answer. inotify on the socket's folder (and the
/// folder above, which the first ferryd creates it in) says when to try again: ferryd binding its
/// socket, or removing a dead one's. A socket that is there but refuses (bound, not yet listening;
/// or a ferryd that is going away) is tried again after a pause that doubles from 1 ms to 64 ms.
/// The common case, ferryd already running, never gets here.
struct DaemonStart {
    var socketPath: String
    /// The whole wait, as before: 3 s.
    var limit: Duration = .seconds(3)
    /// How often it checks, while nothing happens, that a ferryd is still starting.
    var check: Duration = .milliseconds(500)

    /// Why the last connection failed, as its error said.
    struct Failure: Error, Equatable {
        var reason: String
    }

    /// Tries `connect` at once and after each change, until it succeeds or `limit` passes.
    /// - Parameter stillStarting: Called every `check` while nothing happens; may start ferryd again.
    /// - Returns: The client, or the last reason a connection failed.
    func wait<Client>(connect: () -> Result<Client, Failure>, stillStarting: () throws -> Void) rethrows -> Result<Client, Failure> {
        let folder = FileSystem.parent(of: socketPath)
        let changes = FolderWatch()
        changes?.watch(FileSystem.parent(of: folder))
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        var lastCheck = clock.now, pause = Duration.milliseconds(1), lastError = Failure(reason: "")
        while true {
            // Made meanwhile (the first ferryd creates it): watched from now on.
            changes?.watch(folder)
            // Looked at before connecting: a socket made after this wakes the wait below.
            let refused = FileSystem.exists(socketPath) || changes == nil
            switch connect() {
            case .success(let client): return .success(client)
            case .failure(let failure): lastError = failure
            }
            guard clock.now < deadline else { return .failure(lastError) }
            _ = wait(changes, upTo: min(refused ? pause : check, deadline - clock.now))
            pause = refused ? min(pause * 2, .milliseconds(64)) : .milliseconds(1)
            if clock.now - lastCheck >= check {
                lastCheck = clock.now
                try stillStarting()
            }
        }
    }

    /// Waits on `changes`, or sleeps where inotify is not available.
    private func wait(_ changes: FolderWatch?, upTo limit: Duration) -> Bool {
        guard limit > .zero else { return false }
        if let changes { return changes.wait(upTo: limit) }
        let microseconds = limit.components.seconds * 1_000_000 + limit.components.attoseconds / 1_000_000_000_000
        usleep(UInt32(clamping: microseconds))
        return false
    }
}
