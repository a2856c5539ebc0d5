import FerryProtocol
@testable import FerryKit
import Testing

/// The four-step lookup and the order of the delegate's hooks.
@Suite struct RestorationLookupTests {
    let info = AppEvent.ArchiveInfo(bundleVersion: "1.0", interfaceIdiom: "desktop", appVersion: "2")

    /// Saves `roots` (with the delegate's app version) and returns the archive.
    func save(_ roots: [Node], appVersion: String? = "2") throws -> [UInt8] {
        let delegate = RestoringDelegate()
        delegate.roots = roots
        delegate.appVersion = appVersion
        let application = testApplication()
        return try #require(try application.restoration.encodeState(of: application, delegate: delegate)).archive
    }

    @Test func anExistingObjectAtThePathIsReusedAndDecoded() throws {
        let archive = try save([Node("Root", selection: 7)])
        let delegate = RestoringDelegate()
        let root = Node("Root")
        delegate.roots = [root]
        let outcome = testApplication().restoration.restore(archive, info: info, into: testApplication(), delegate: delegate)
        #expect(outcome == .restored(objects: 1))
        #expect(root.decoded && root.selection == 7)
        #expect(delegate.calls == ["shouldRestore", "didDecode work", "finished"])
    }

    @Test func theRestorationClassComesFirstAndItsNilStopsTheSearch() throws {
        let made = Node("Made"), refused = Node("refuse")
        made.restorationClass = NodeMaker.self
        refused.restorationClass = NodeMaker.self
        let archive = try save([Node("Root", [made, refused])])
        let delegate = RestoringDelegate()
        let existing = Node("Root", [Node("Made"), Node("refuse")])
        delegate.roots = [existing]
        delegate.provides = ["Root/refuse": Node("refuse", madeBy: "delegate")]
        let application = testApplication()
        application.restoration.register(NodeMaker.self)
        var factoryCalls = 0
        application.restoration.registerFactory(for: "refuse") { _, _ in factoryCalls += 1; return Node("refuse") }
        let outcome = application.restoration.restore(archive, info: info, into: application, delegate: delegate)
        #expect(outcome == .restored(objects: 2))  // Root (existing) and Made (class); refuse: nobody
        #expect((existing.restorableChildren[0] as! Node).decoded == false)  // the class's object won
        #expect(factoryCalls == 0)
    }

    @Test func theDelegateComesBeforeAnExistingObject() throws {
        let archive = try save([Node("Root", selection: 3)])
        let delegate = RestoringDelegate()
        let existing = Node("Root"), provided = Node("Root", madeBy: "delegate")
        delegate.roots = [existing]
        delegate.provides = ["Root": provided]
        let application = testApplication()
        application.restoration.restore(archive, info: info, into: application, delegate: delegate)
        #expect(provided.decoded && provided.selection == 3)
        #expect(!existing.decoded)
    }

    @Test func aFactoryRecreatesWhatNothingElseGives() throws {
        let detail = Node("Detail", selection: 5)
        let root = Node("Root", [detail])
        root.link = detail
        let archive = try save([root])
        let delegate = RestoringDelegate()
        let newRoot = Node("Root")
        delegate.roots = [newRoot]
        let application = testApplication()
        var made: Node?
        application.restoration.registerFactory(for: "Detail") { path, coder in
            made = Node(path.identifier, madeBy: "factory")
            return made
        }
        #expect(application.restoration.restore(archive, info: info, into: application, delegate: delegate) == .restored(objects: 2))
        #expect(made?.selection == 5)
        #expect(newRoot.link === made)  // the reference resolves to the recreated object
    }

    @Test func aFactoryForTheFullPathWinsOverOneForTheIdentifier() throws {
        let archive = try save([Node("Root", [Node("Detail")])])
        let delegate = RestoringDelegate()
        delegate.roots = [Node("Root")]
        let application = testApplication()
        var used: [String] = []
        application.restoration.registerFactory(for: "Detail") { _, _ in used.append("identifier"); return Node("Detail") }
        application.restoration.registerFactory(for: "Root/Detail") { _, _ in used.append("path"); return Node("Detail") }
        application.restoration.restore(archive, info: info, into: application, delegate: delegate)
        #expect(used == ["path"])
    }

    @Test func theDelegateSeesTheVersionsAndMayRefuse() throws {
        let archive = try save([Node("Root", selection: 9)], appVersion: "1")
        let delegate = RestoringDelegate()  // reads app version 2 only
        let root = Node("Root")
        delegate.roots = [root]
        let application = testApplication()
        let outcome = application.restoration.restore(archive, info: info, into: application, delegate: delegate)
        #expect(outcome == .refused)
        #expect(delegate.seenVersions?.bundle == "1.0" && delegate.seenVersions?.idiom == "desktop")
        #expect(delegate.seenVersions?.app == "1")
        #expect(!root.decoded)
        #expect(delegate.calls == ["shouldRestore"])
    }

    @Test func aDamagedArchiveRestoresNothingAndCallsNoHook() throws {
        let archive = try save([Node("Root")])
        let delegate = RestoringDelegate()
        delegate.roots = [Node("Root")]
        let outcome = testApplication().restoration.restore(Array(archive.dropLast(2)), info: info,
                                                            into: testApplication(), delegate: delegate)
        guard case .failed(let error) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(error.code == .damagedArchive)
        #expect(delegate.calls.isEmpty)
    }
}
