extension DaemonReply.Result {
    init(_ object: WireObject) throws(WireError) {
        self.init(outcome: try object.needWord("outcome"))
        app = try object.string("app")
        pid = try object.optional("pid") { field throws(JSONScanner.Failure) in try field.int32() }
        handled = try object.bool("handled")
        message = try object.string("message")
        code = try object.string("code")
        failure = try object.word("failure")
        command = try object.optional("command") { field throws(JSONScanner.Failure) in try field.command() }
        apps = try object.optional("apps") { field throws(JSONScanner.Failure) in try field.apps() }
        address = try object.string("address")
        peers = try object.optional("peers") { field throws(JSONScanner.Failure) in try field.peers() }
        mode = try object.word("mode")
        peer = try object.string("peer")
        fingerprint = try object.string("fingerprint")
        offer = try object.string("offer")
        try readRows(object)
        archive = try object.optional("archive") { field throws(JSONScanner.Failure) in try field.archive() }
        protection = try object.optional("protection") { field throws(JSONScanner.Failure) in try field.protection() }
    }

    private mutating func readRows(_ object: WireObject) throws(WireError) {
        deliveries = try object.optional("deliveries") { field throws(JSONScanner.Failure) in
            try field.rows { row throws(JSONScanner.Failure) in try row.delivery() }
        }
        trusted = try object.optional("trusted") { field throws(JSONScanner.Failure) in
            try field.rows { row throws(JSONScanner.Failure) in try row.trustRow() }
        }
        offers = try object.optional("offers") { field throws(JSONScanner.Failure) in
            try field.rows { row throws(JSONScanner.Failure) in try row.offerRow() }
        }
        pairRequests = try object.optional("pairRequests") { field throws(JSONScanner.Failure) in
            try field.rows { row throws(JSONScanner.Failure) in try row.pairRequestRow() }
        }
    }

    func write(to out: inout JSONWriter) {
        out.field("app", app)
        out.field("outcome", outcome.rawValue)
        out.field("pid", pid.map(Int.init))
        out.field("handled", handled)
        out.field("message", message)
        out.field("code", code)
        out.field("failure", failure?.rawValue)
        if let command { out.object("command") { $0.command(command) } }
        if let apps { out.array("apps", apps) { $0.status($1) } }
        out.field("address", address)
        if let peers { out.array("peers", peers) { $0.peer($1) } }
        out.field("fingerprint", fingerprint)
        out.field("peer", peer)
        out.field("mode", mode?.rawValue)
        out.field("offer", offer)
        if let archive { out.object("archive") { $0.archive(archive) } }
        if let protection { out.object("protection") { $0.protection(protection) } }
        // Most results carry no rows: skip the call, which takes the whole result.
        if deliveries != nil || trusted != nil || offers != nil || pairRequests != nil { out.rows(self) }
    }
}

extension DaemonReply.Progress {
    init(_ object: WireObject) throws(WireError) {
        self.init(event: try object.needWord("event"))
        file = try object.string("file")
        files = try object.strings("files")
        bytes = try object.int("bytes")
        total = try object.int("total")
        fileBytes = try object.int("fileBytes")
        fileTotal = try object.int("fileTotal")
        message = try object.string("message")
        items = try object.strings("items")
    }

    func write(to out: inout JSONWriter) {
        out.field("event", event.rawValue)
        out.field("message", message)
        out.strings("files", files)
        out.strings("items", items)
        out.field("file", file)
        out.field("bytes", bytes)
        out.field("total", total)
        out.field("fileBytes", fileBytes)
        out.field("fileTotal", fileTotal)
    }
}
