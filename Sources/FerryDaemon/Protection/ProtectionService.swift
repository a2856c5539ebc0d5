import Logging
import ServiceLifecycle

/// Runs data protection's clock: finishes a lock left by a previous ferryd, then ends graces and
/// retries removing keys that open files held, waking only when one of those is due.
struct ProtectionService: Service {
    let controller: ProtectionController

    func run() async throws {
        await controller.start()
        // Cancelled at shutdown: a normal end. The keys stay as they are (a lock in its grace is
        // finished by the next ferryd, from the marker).
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await controller.waitForTick()
                await controller.tick()
            }
        }
    }
}
