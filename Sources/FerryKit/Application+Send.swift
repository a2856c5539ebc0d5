import FerryProtocol

extension Application {
    /// Sends files and/or a URL to another device, as `ferry send` does: ferryd makes the TLS
    /// connection and the receiver's Inbox gets the files. Blocks until they are delivered or the
    /// send fails, so call it off the thread that serves events when the files are large.
    ///
    /// The request goes over a connection of its own to ferryd, not the app's event connection:
    /// that one is a strict event/reply exchange, and a send can outlast many events.
    ///
    /// - Parameters:
    ///   - files: Absolute paths of files or folders.
    ///   - url: A URL for the receiver to open, AirDrop's link sharing.
    ///   - peer: A name from ``availablePeers()``, or `HOST:PORT`.
    ///   - fingerprint: The receiver's certificate fingerprint, with `HOST:PORT` of an untrusted peer.
    ///   - app: The bundle id the files are meant for on the receiver.
    ///   - id: A name for this send, unique among the sends running, so that another thread can
    ///     stop it with ``cancelSend(_:)``.
    /// - Throws: ``SendError``: declined, failed, cancelled, or ferryd unreachable.
    public func send(files: [String] = [], url: String? = nil, to peer: String, fingerprint: String? = nil,
                     app: String? = nil, id: String? = nil) throws(SendError) -> SendReceipt {
        var request = ClientRequest.Send(files: files, url: url, fingerprint: fingerprint?.lowercased(), app: app, offer: id)
        request.setReceiver(peer)
        let result = try DaemonRequest.open(socketPath).request(.send(request))
        guard result.outcome == .delivered else {
            let code: SendError.Code = result.failure == .declined ? .declined : result.failure == .cancelled ? .cancelled : .failed
            throw SendError(code, result.message ?? "the send failed")
        }
        let items = result.deliveryItems.map { SendReceipt.Item(status: $0.status, app: $0.app, name: $0.name) }
        return SendReceipt(peer: result.peer ?? peer, items: items)
    }

    /// Stops the running send named `id` (``send(files:url:to:fingerprint:app:id:)``'s `id`, or
    /// the id `ferry send` prints): that call throws ``SendError/Code/cancelled``, nothing is
    /// delivered, and the receiver keeps what it has for a resume.
    ///
    /// - Throws: ``SendError/Code/notFound`` when no send of that id runs, or `unavailable`.
    public func cancelSend(_ id: String) throws(SendError) {
        let result = try DaemonRequest.open(socketPath).request(.cancel(.init(offer: id)))
        guard result.outcome == .cancelled else {
            throw SendError(.notFound, result.message ?? "no send \(id.debugDescription) is running")
        }
    }

    /// The devices files can be sent to, as the share sheet shows them: those ferryd's discovery
    /// sees with a fingerprint, trusted ones first. Empty when discovery is off or sees nobody.
    ///
    /// - Throws: ``SendError/Code/unavailable`` when ferryd cannot be reached.
    public func availablePeers() throws(SendError) -> [SharePeer] {
        let connection = try DaemonRequest.open(socketPath)
        return SharePeer.rows(table: try connection.request(.peers(.init())),
                              trust: try connection.request(.trust(.init(action: .list))))
    }
}
