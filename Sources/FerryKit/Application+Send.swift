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
    /// - Throws: ``SendError``: declined, failed, or ferryd unreachable.
    public func send(files: [String] = [], url: String? = nil, to peer: String, fingerprint: String? = nil,
                     app: String? = nil) throws(SendError) -> SendReceipt {
        var frame = WireFrame(type: "send")
        frame.files = files
        frame.url = url
        frame.app = app
        frame.fingerprint = fingerprint?.lowercased()
        frame.setReceiver(peer)
        let result = try DaemonRequest.open(socketPath).request(frame)
        guard result.outcome == "delivered" else {
            throw SendError(result.exitCode == 77 ? .declined : .failed, result.message ?? "the send failed")
        }
        let items = result.deliveryItems.map { SendReceipt.Item(status: $0.status, app: $0.app, name: $0.name) }
        return SendReceipt(peer: result.peer ?? peer, items: items)
    }

    /// The devices files can be sent to, as the share sheet shows them: those ferryd's discovery
    /// sees with a fingerprint, trusted ones first. Empty when discovery is off or sees nobody.
    ///
    /// - Throws: ``SendError/Code/unavailable`` when ferryd cannot be reached.
    public func availablePeers() throws(SendError) -> [SharePeer] {
        let connection = try DaemonRequest.open(socketPath)
        return SharePeer.rows(table: try connection.request(WireFrame(type: "peers")),
                              trust: try connection.request(WireFrame(type: "trust")))
    }
}
