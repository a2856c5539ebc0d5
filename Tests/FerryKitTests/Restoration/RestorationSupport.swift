import FerryProtocol
import FerryKit

/// A restorable object for the tests: an identifier, children, a `selection` it encodes, and
/// a record of who made it and whether it was decoded.
final class Node: RestorableObject {
    let restorationIdentifier: String?
    var restorableChildren: [any RestorableObject]
    var restorationClass: (any RestorationClass.Type)?
    var selection: Int
    var madeBy: String
    var decoded = false
    /// Another node this one refers to, encoded as a reference.
    var link: Node?

    init(_ identifier: String?, selection: Int = 0, madeBy: String = "test", _ children: [Node] = []) {
        restorationIdentifier = identifier
        restorableChildren = children
        self.selection = selection
        self.madeBy = madeBy
    }

    func encodeRestorableState(with coder: RestorationCoder) {
        coder.encode(selection, forKey: "selection")
        if let link { coder.encodeReference(link, forKey: "link") }
    }

    func decodeRestorableState(with coder: RestorationCoder) {
        decoded = true
        selection = coder.decode(Int.self, forKey: "selection") ?? -1
        link = coder.decodeReference(forKey: "link") as? Node
    }
}

/// A restoration class that makes a node, or refuses when `refuse` is in the path.
enum NodeMaker: RestorationClass {
    static var restorationClassName: String { "NodeMaker" }

    static func object(at path: RestorationPath, coder: RestorationCoder) -> (any RestorableObject)? {
        path.identifiers.contains("refuse") ? nil : Node(path.identifier, madeBy: "class")
    }
}

/// A delegate for the restoration tests: its roots, its answers, and the order of its calls.
final class RestoringDelegate: RestorationDelegate {
    var roots: [any RestorableObject] = []
    var saves = true
    var restores = true
    var appVersion: String? = "2"
    /// Objects the delegate hands out at step two, by path.
    var provides: [String: Node] = [:]
    var calls: [String] = []
    var seenVersions: (bundle: String?, idiom: String?, app: String?)?

    func application(_ application: Application, shouldSaveApplicationState coder: RestorationCoder) -> Bool {
        calls.append("shouldSave")
        return saves
    }

    func application(_ application: Application, shouldRestoreApplicationState coder: RestorationCoder) -> Bool {
        calls.append("shouldRestore")
        seenVersions = (coder.bundleVersion, coder.interfaceIdiom, coder.appVersion)
        return restores && coder.appVersion == appVersion
    }

    func application(_ application: Application, willEncodeRestorableStateWith coder: RestorationCoder) {
        calls.append("willEncode")
        if let appVersion { coder.encode(appVersion, forKey: RestorationCoder.appVersionKey) }
        coder.encode("work", forKey: "openList")
    }

    func application(_ application: Application, didDecodeRestorableStateWith coder: RestorationCoder) {
        calls.append("didDecode " + (coder.decode(String.self, forKey: "openList") ?? "-"))
    }

    func applicationFinishedRestoringState(_ application: Application) { calls.append("finished") }

    func restorationRoots(of application: Application) -> [any RestorableObject] { roots }

    func application(_ application: Application, restorableObjectAt path: RestorationPath,
                     coder: RestorationCoder) -> (any RestorableObject)? {
        provides[path.description]
    }

    func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: LaunchOptions) -> Bool {
        calls.append("willFinishLaunching")
        return true
    }

    func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: LaunchOptions) -> Bool {
        calls.append("didFinishLaunching")
        return true
    }
}
