extension DaemonReply.Result {
    init(_ frame: WireFrame) throws(WireError) {
        let f = FrameFields(frame)
        self.init(id: try f.id(), outcome: try .init(wire: f.need(frame.outcome, "outcome")))
        app = frame.app
        pid = frame.pid
        handled = frame.handled
        message = frame.message
        code = frame.code
        failure = try frame.failure.map { word throws(WireError) in try .init(wire: word) }
        command = frame.command
        apps = frame.apps
        peers = frame.peers
        address = frame.address
        mode = try frame.mode.map { mode throws(WireError) in try .init(wire: mode) }
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
        frame.outcome = outcome.rawValue
        frame.app = app
        frame.pid = pid
        frame.handled = handled
        frame.message = message
        frame.code = code
        frame.failure = failure?.rawValue
        frame.command = command
        frame.apps = apps
        frame.peers = peers
        frame.address = address
        frame.mode = mode?.rawValue
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
        self.init(id: try f.id(), event: try .init(wire: f.need(frame.event, "event")))
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
        frame.event = event.rawValue
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
