import FerryProtocol
@testable import FerryKit
import Testing

/// The state frames through ``Application/dispatch(_:to:)``, as ferryd sends them.
@Suite struct RestorationDispatchTests {
    @Test func encodeRestorableStateIsAnsweredWithDataThenTheReply() throws {
        let delegate = RestoringDelegate()
        delegate.roots = [Node("Root", selection: 4)]
        let event = appEvent(12, "encodeRestorableState")
        guard case .replies(let replies) = testApplication().dispatch(event, to: delegate) else {
            Issue.record("expected replies")
            return
        }
        let messages = replies.map(WireMessage.appReply)
        #expect(messages.map(\.type) == ["state-data", "reply"])
        #expect(messages.allSatisfy { $0.id == 12 })
        #expect(replies.last?.reply?.result == true)
        #expect(replies.last?.reply?.archive?.appVersion == "2")
        #expect(replies.last?.reply?.archive?.size == replies.archiveBytes.count)
    }

    @Test func aLargeArchiveIsSplitIntoFramesUnderTheLimit() throws {
        let delegate = RestoringDelegate()
        let big = Node("Big")
        delegate.roots = [big]
        final class Filler: RestorableObject {
            let restorationIdentifier: String? = "Filler"
            func encodeRestorableState(with coder: RestorationCoder) { coder.encode(String(repeating: "x", count: 1_200_000), forKey: "x") }
        }
        delegate.roots = [Filler()]
        let event = appEvent(2, "encodeRestorableState")
        guard case .replies(let replies) = testApplication().dispatch(event, to: delegate) else { Issue.record("no replies"); return }
        #expect(replies.count == 4)  // three chunks of at most 512 KiB, then the reply
        #expect(replies.allSatisfy { WireCodec.encode(.appReply($0)).count < WireCodec.maximumLength })
    }

    @Test func aPlainDelegateSavesNothing() {
        let event = appEvent(5, "encodeRestorableState")
        #expect(testApplication().dispatch(event, to: RecordingDelegate()) == .reply(appReply(5, false)))
    }

    @Test func stateComesWithWillFinishAndIsRestoredBeforeDidFinishReturns() throws {
        let saver = RestoringDelegate()
        saver.roots = [Node("Root", selection: 8)]
        let save = appEvent(1, "encodeRestorableState")
        guard case .replies(let replies) = testApplication().dispatch(save, to: saver) else { Issue.record("no replies"); return }
        let archive = replies.archiveBytes

        let delegate = RestoringDelegate()
        let root = Node("Root")
        delegate.roots = [root]
        let application = testApplication()
        application.restoration.readArchive = { archive }
        var launch = appEvent(1, "willFinishLaunching", options: .init(url: "aa://x"))
        launch.archive = AppEvent.ArchiveInfo(bundleVersion: "1", interfaceIdiom: "desktop", appVersion: "2",
                                               size: replies.last?.reply?.archive?.size)
        #expect(application.dispatch(launch, to: delegate) == .reply(appReply(1, true)))
        #expect(!root.decoded)
        _ = application.dispatch(appEvent(2, "didFinishLaunching"), to: delegate)
        #expect(root.selection == 8)
        #expect(delegate.calls == ["willFinishLaunching", "shouldRestore", "didDecode work", "finished", "didFinishLaunching"])
        #expect(application.restoration.outcome == .restored(objects: 1))
    }

    @Test func aLaunchWithoutArchiveReadsNothing() {
        let application = testApplication()
        var reads = 0
        application.restoration.readArchive = { reads += 1; return [] }
        _ = application.dispatch(appEvent(1, "willFinishLaunching"), to: RestoringDelegate())
        _ = application.dispatch(appEvent(2, "didFinishLaunching"), to: RestoringDelegate())
        #expect(reads == 0)
        #expect(application.restoration.outcome == nil)
    }

    @Test func aShortArchiveFailsRestorationAndTheLaunchGoesOn() throws {
        let delegate = RestoringDelegate()
        delegate.roots = [Node("Root")]
        let application = testApplication()
        application.restoration.readArchive = { [0, 0, 0] }
        var launch = appEvent(1, "willFinishLaunching")
        launch.archive = AppEvent.ArchiveInfo(size: 100)
        _ = application.dispatch(launch, to: delegate)
        #expect(application.dispatch(appEvent(2, "didFinishLaunching"), to: delegate) == .reply(appReply(2, true)))
        guard case .failed(let error)? = application.restoration.outcome else { Issue.record("no failure"); return }
        #expect(error.message.contains("3 of its 100 bytes"))
        #expect(delegate.calls == ["willFinishLaunching", "didFinishLaunching"])
    }
}

extension Envelope<AppReply> {
    /// The reply, if this is one.
    var reply: AppReply.Reply? {
        if case .reply(let reply) = body { reply } else { nil }
    }
}

extension Envelope<AppEvent> {
    /// The saved state announced with the event.
    var archive: AppEvent.ArchiveInfo? {
        get { if case .event(let event) = body { event.archive } else { nil } }
        set { if case .event(var event) = body { event.archive = newValue; body = .event(event) } }
    }
}

extension [Envelope<AppReply>] {
    /// The archive the `state-data` chunks carry, in order.
    var archiveBytes: [UInt8] {
        flatMap { reply -> [UInt8] in
            if case .stateData(let chunk) = reply.body { chunk.archiveBytes ?? [] } else { [] }
        }
    }
}
