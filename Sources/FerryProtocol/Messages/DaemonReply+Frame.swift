extension DaemonReply.Result {
    init(_ frame: WireFrame) throws(WireError) {
        let f = FrameFields(frame)
        self.init(id: try f.id(), outcome: try f.need(frame.outcome, "\"outcome\""))
        app = frame.app
        pid = frame.pid
        handled = frame.handled
        message = frame.message
        code = frame.code
        exitCode = frame.exitCode
        command = frame.command
        apps = frame.apps
        peers = frame.peers
        address = frame.address
        mode = frame.mode
        peer = frame.peer
        fingerprint = frame.fingerprint
        offer = frame.offer
        deliveries = frame.deliveries
        trusted = frame.trusted
        offers = frame.offers
        pairRequests = frame.pairRequests
        archive = frame.archive
        protection = frame.protection
    }

    /// The flat frame of this result.
    public var frame: WireFrame {
        var frame = WireFrame(type: "result", id: id)
        frame.outcome = outcome
        frame.app = app
        frame.pid = pid
        frame.handled = handled
        frame.message = message
        frame.code = code
        frame.exitCode = exitCode
        frame.command = command
        frame.apps = apps
        frame.peers = peers
        frame.address = address
        frame.mode = mode
        frame.peer = peer
        frame.fingerprint = fingerprint
        frame.offer = offer
        frame.deliveries = deliveries
        frame.trusted = trusted
        frame.offers = offers
        frame.pairRequests = pairRequests
        frame.archive = archive
        frame.protection = protection
        return frame
    }
}

extension DaemonReply.Progress {
    init(_ frame: WireFrame) throws(WireError) {
        let f = FrameFields(frame)
        self.init(id: try f.id(), event: try f.need(frame.event, "\"event\""))
        file = frame.file
        files = frame.files
        bytes = frame.bytes
        total = frame.total
        fileBytes = frame.fileBytes
        fileTotal = frame.fileTotal
        message = frame.message
        items = frame.items
    }

    /// The flat frame of this step.
    public var frame: WireFrame {
        var frame = WireFrame(type: "progress", id: id)
        frame.event = event
        frame.file = file
        frame.files = files
        frame.bytes = bytes
        frame.total = total
        frame.fileBytes = fileBytes
        frame.fileTotal = fileTotal
        frame.message = message
        frame.items = items
        return frame
    }
}
