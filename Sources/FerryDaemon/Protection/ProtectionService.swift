import Logging
import ServiceLifecycle

/// Runs data protection's clock: finishes a lock left by a previous ferryd, then ends graces and
/// retries removing keys that open files held.
struct ProtectionService: Service {
    let controller: ProtectionController

    func run() async throws {
        await controller.start()
        // Cancelled at shutdown: a normal end. The keys stay as they are (a lock in its grace is
        // finished by the next ferryd, from the marker).
        try? await cancelWhenGracefulShutdown {
            while true {
                try await Task.sleep(for: .milliseconds(100))
                await controller.tick()
            }
        }
    }
}
