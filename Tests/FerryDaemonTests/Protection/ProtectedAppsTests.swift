import FerryCore
@testable import FerryDaemon
import Foundation
import Logging
import Synchronization
import Testing

/// Data protection talks to the apps through ``ProtectedApps`` alone: a recorder stands in for
/// the app manager, with no process and no manager.
@Suite struct ProtectedAppsTests {
    /// What the controller told the apps, with whether protected data was available by then.
    final class Recorder: ProtectedApps {
        let controller: Mutex<ProtectionController?> = Mutex(nil)
        let told = Mutex<[(LifecycleEvent, available: Bool)]>([])

        func protectedDataEvent(_ event: LifecycleEvent) async -> Int {
            let available = controller.withLock { $0 }?.isProtectedDataAvailable ?? true
            told.withLock { $0.append((event, available)) }
            return 1
        }

        func openForTransfer(_ url: String, app: String?, source: String) async -> Bool { true }
    }

    static func controller(_ recorder: Recorder) async -> ProtectionController {
        let home = NSTemporaryDirectory() + "ferry-protected-apps-" + UUID().uuidString.prefix(8)
        let controller = ProtectionController(paths: FerryPaths(appFolders: [], dataHome: home, configHome: home + "/config"),
                                              grace: .seconds(10), logger: Logger(label: "test"))
        recorder.controller.withLock { $0 = controller }
        await controller.attach(recorder)
        await controller.start()
        return controller
    }

    @Test func aLockTellsTheAppsAfterProtectedDataIsGone() async {
        let recorder = Recorder()
        let controller = await Self.controller(recorder)
        _ = await controller.lock()
        let told = recorder.told.withLock { $0.map { "\($0.0.rawValue) available=\($0.available)" } }
        #expect(told == ["protectedDataWillBecomeUnavailable available=false"])
    }

    @Test func anUnlockInTheGraceTellsTheAppsItCameBack() async {
        let recorder = Recorder()
        let controller = await Self.controller(recorder)
        _ = await controller.lock()
        await controller.sessionUnlocked()
        let told = recorder.told.withLock { $0.map(\.0) }
        #expect(told == [.protectedDataWillBecomeUnavailable, .protectedDataDidBecomeAvailable])
        #expect(controller.isProtectedDataAvailable)
    }
}
