import FerryTransfer

/// The notification of a pair request: the code to compare and Confirm / Reject, the same as
/// `ferry pair --accept ID --yes` / `--decline ID`. It closes once the request is decided anywhere.
struct PairingNotifications: Sendable {
    let notifier: DesktopNotifier
    let pairing: Pairing
    /// How long a request waits, in seconds: the notification goes with it.
    let lifetime: Double

    func requested(_ request: PairRequestTable.Request) async {
        guard notifier.shows(.pairing) else { return }
        let id = request.id
        let tag = "pair:" + id
        await notifier.post(Self.notification(request), tag: tag) { [pairing] key in
            _ = try? await pairing.decide(id, accept: key == "confirm")
        }
        // Decided here, on the command line or by the other device, or expired: close it.
        _ = await pairing.outcome(id, wait: lifetime)
        await notifier.close(tag: tag)
    }

    static func notification(_ request: PairRequestTable.Request) -> DesktopNotification {
        let name = NotificationText.name(request.name)
        return DesktopNotification(
            summary: "Pair with \(name)?",
            body: "Code \(PairingCode.display(request.code)): confirm only if \(name) shows the same code.",
            actions: [("confirm", "Confirm"), ("reject", "Reject")],
            commandLine: "ferry pair --accept \(request.id) --code \(PairingCode.display(request.code))   or   ferry pair --decline \(request.id)",
            category: "device", timeout: 0)
    }
}
