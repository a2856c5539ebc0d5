// ferry-restore-bench-app: a managed app whose saved state is about 1 MB, for Benchmarks/restore.
//
//   restorebench://x/fill-many   1,000 objects under Root, about 1 KB of state each
//   restorebench://x/fill-one    one object holding about 1 MB
//   restorebench://x/go          does nothing (the timed URL)
//
// Each launch appends to Documents/restore-us three numbers: the microseconds from the start of
// main to willFinishLaunching (the saved state arrives in between), from willFinishLaunching to
// didFinishLaunching (restoration runs in between), how many objects it restored, and the start of
// main and the end of didFinishLaunching in microseconds on CLOCK_MONOTONIC.
import FerryKit
import FerryCore

#if canImport(Glibc)
import Glibc
#endif

final class Item: RestorableObject {
    let restorationIdentifier: String?
    var text: String
    var selection: Int

    init(_ identifier: String, text: String = "", selection: Int = 0) {
        restorationIdentifier = identifier
        self.text = text
        self.selection = selection
    }

    func encodeRestorableState(with coder: RestorationCoder) {
        coder.encode(text, forKey: "text")
        coder.encode(selection, forKey: "selection")
    }

    func decodeRestorableState(with coder: RestorationCoder) {
        text = coder.decode(String.self, forKey: "text") ?? ""
        selection = coder.decode(Int.self, forKey: "selection") ?? 0
    }
}

final class Root: RestorableObject {
    let restorationIdentifier: String? = "Root"
    var items: [Item] = []
    var restorableChildren: [any RestorableObject] { items }
}

final class RestoreBench: RestorationDelegate {
    let root = Root()
    var mainStarted = RestoreBench.now()
    var launchStarted: timespec = timespec()
    var restored = 0

    func application(_ app: Application, willFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        clock_gettime(CLOCK_MONOTONIC, &launchStarted)
        return true
    }

    func application(_ app: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let micros = (now.tv_sec - launchStarted.tv_sec) * 1_000_000 + (now.tv_nsec - launchStarted.tv_nsec) / 1000
        let receiving = (launchStarted.tv_sec - mainStarted.tv_sec) * 1_000_000 + (launchStarted.tv_nsec - mainStarted.tv_nsec) / 1000
        // Then the start of main and now on CLOCK_MONOTONIC, which bench.py's clock also reads.
        let line = "\(receiving) \(micros) \(root.items.count) \(Self.micros(mainStarted)) \(Self.micros(now))\n"
        let fd = open(app.documentsDirectory + "/restore-us", O_WRONLY | O_APPEND | O_CREAT, 0o644)
        _ = Array(line.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return true
    }

    func application(_ app: Application, open url: AppURL, options: LaunchOptions) -> Bool {
        switch url.path {
        case "/fill-many":
            root.items = (0..<1000).map { Item("Item\($0)", text: String(repeating: "t", count: 1000), selection: $0) }
        case "/fill-one":
            root.items = [Item("Big", text: String(repeating: "b", count: 1_000_000), selection: 1)]
        default:
            break
        }
        return true
    }

    static func micros(_ time: timespec) -> Int { time.tv_sec * 1_000_000 + time.tv_nsec / 1000 }

    static func now() -> timespec {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time
    }

    func restorationRoots(of app: Application) -> [any RestorableObject] { [root] }
    func application(_ app: Application, shouldSaveApplicationState coder: RestorationCoder) -> Bool { true }
    func application(_ app: Application, shouldRestoreApplicationState coder: RestorationCoder) -> Bool { true }

    /// Step two of the lookup: the items under Root, appended as they are recreated.
    func application(_ app: Application, restorableObjectAt path: RestorationPath,
                     coder: RestorationCoder) -> (any RestorableObject)? {
        guard path.identifiers.count == 2 else { return nil }
        let item = Item(path.identifier)
        root.items.append(item)
        return item
    }
}

/// `ferry-restore-bench-app --profile many|one N`: encodes the state once and restores it N times
/// in this process, printing microseconds per restore: the restoration alone, for a profiler
/// (valgrind --tool=callgrind) and without a daemon.
func profile(_ shape: String, _ rounds: Int) {
    let app = Application(bundleIdentifier: "org.ferry.bench.restore", containerDirectory: "/tmp", documentsDirectory: "/tmp")
    let saving = RestoreBench()
    _ = saving.application(app, open: AppURL("restorebench://x/fill-\(shape)"), options: LaunchOptions())
    guard let (archive, _) = try? app.restoration.encodeState(of: app, delegate: saving) else { fatalError("no state") }
    let started = RestoreBench.now()
    for _ in 0..<rounds {
        let delegate = RestoreBench()
        app.restoration.restore(archive, info: AppEvent.ArchiveInfo(size: archive.count), into: app, delegate: delegate)
        precondition(delegate.root.items.count == saving.root.items.count, "restored \(delegate.root.items.count) objects")
    }
    let ended = RestoreBench.now()
    let micros = (ended.tv_sec - started.tv_sec) * 1_000_000 + (ended.tv_nsec - started.tv_nsec) / 1000
    print("\(shape): \(archive.count) bytes, \(micros / rounds) us per restore")
}

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "--profile", let rounds = Int(arguments[3]) {
    profile(arguments[2], rounds)
} else {
    FerryApplication.main(RestoreBench())
}
