import FerryCore
import FerryLocalSend
import FerryTransfer
import NIOCore
import NIOPosix

/// `ferry share FILE... --web [--pin PIN|auto]`: the files on LocalSend's download API (§5) and a
/// page for a phone's browser, until the client leaves (Ctrl-C). One progress reply gives the URLs
/// (and the PIN, when ferryd made it), one more each download, and one each new PIN (guessing
/// used up the wrong-PIN budget: ``LocalSendShares``).
struct LocalSendWebShare {
    let request: ClientRequest.WebShare
    let hub: TransferHub
    let link: LocalSendLink?

    func run(progress: @escaping @Sendable (DaemonReply.Progress) async -> Void) async -> DaemonReply.Result {
        guard let link, let port = await link.shares.port else {
            return TransferRequests.failure("LocalSend is off in ferryd (FERRY_LOCALSEND_PORT); the web share runs on its server")
        }
        let shareID: String
        do {
            let files = try await LocalFile.collect(request.files, pool: .singleton)
            shareID = try await link.shares.start(files, pin: request.pin) { event in
                await progress(Self.event(event.kind.progressEvent, event.message))
            }
        } catch let error as TransferError {
            return TransferRequests.failure(error.message, code: TransferRequests.failure(for: error))
        } catch {
            return TransferRequests.failure("\(error)")
        }
        let urls = Self.addresses(bound: link.settings.host).map { "https://\($0):\(port)/" }
        let made = request.pin == LocalSendPin.auto ? await link.shares.pin(of: shareID) : nil
        let pin = made.map { " (PIN \($0))" } ?? (request.pin == nil ? "" : " (PIN required)")
        let message = "open " + urls.joined(separator: " or ") + " on the other device" + pin + "\n"
            + Self.certificateNote(hub.identity.fingerprint) + "\nCtrl-C stops sharing"
        var opened = Self.event(.shared, message)
        opened.items = urls
        await progress(opened)
        // Until the client leaves: its connection's end cancels this task.
        await Self.untilCancelled()
        await link.shares.stop(shareID)
        return DaemonReply.Result(outcome: .stopped)
    }

    /// Returns once the current task is cancelled (at once when it already is): the handler ends a
    /// stream that nothing else feeds.
    static func untilCancelled() async {
        let (stream, continuation) = AsyncStream<Never>.makeStream()
        await withTaskCancellationHandler {
            for await _ in stream {}
        } onCancel: {
            continuation.finish()
        }
    }

    /// What the browser's warning is about, and the fingerprint that tells the page is ours (the
    /// page shows the same groups).
    static func certificateNote(_ fingerprint: String) -> String {
        let groups = stride(from: 0, to: min(32, fingerprint.count), by: 4).map { start in
            String(fingerprint.dropFirst(start).prefix(4)).uppercased()
        }
        return "the browser warns first, since ferryd signs its own certificate: go past the warning, "
            + "then check that the page shows the fingerprint " + groups.joined(separator: " ") + " …"
    }

    static func event(_ kind: DaemonReply.Progress.Event, _ message: String) -> DaemonReply.Progress {
        var progress = DaemonReply.Progress(event: kind)
        progress.message = message
        return progress
    }

    /// The IPv4 addresses a phone may reach: the bound one, or every interface's but loopback.
    static func addresses(bound host: String) -> [String] {
        guard host == "0.0.0.0" || host == "::" else { return [host] }
        let found = ((try? System.enumerateDevices()) ?? []).compactMap { device -> String? in
            guard case .v4 = device.address, let ip = device.address?.ipAddress, !ip.hasPrefix("127.") else { return nil }
            return ip
        }
        return found.isEmpty ? ["127.0.0.1"] : Array(Set(found)).sorted()
    }
}
