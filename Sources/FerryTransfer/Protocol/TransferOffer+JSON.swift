import FerryProtocol

// The protocol bodies by hand, members in the order docs/transfer.md shows them.

extension TransferOffer: TransferJSON {
    /// Reads an offer from an untrusted peer.
    /// - Parameter maximumFiles: More files than this are refused before any is decoded (the error
    ///   is marked ``JSONFieldError/overLimit``), so a body's memory cost stays bounded before trust.
    /// - Throws: ``JSONFieldError`` naming the field at fault, or saying the JSON is invalid.
    package init(json bytes: some Collection<UInt8>, maximumFiles: Int) throws(JSONFieldError) {
        try self.init(json: try JSONFields(parsing: bytes), maximumFiles: maximumFiles)
    }

    package init(json fields: JSONFields) throws(JSONFieldError) {
        try self.init(json: fields, maximumFiles: TransferLimits().maximumFiles)
    }

    private init(json fields: JSONFields, maximumFiles: Int) throws(JSONFieldError) {
        let sender = try fields.string("sender"), app = try fields.optionalString("app"), url = try fields.optionalString("url")
        self.init(sender: sender, app: app, url: url, files: try fields.objects("files", maximumCount: maximumFiles, OfferedFile.init(json:)))
    }

    package func write(to out: inout JSONWriter) {
        out.field("sender", sender)
        out.field("app", app)
        out.field("url", url)
        out.array("files", files) { $1.write(to: &$0) }
    }
}

extension OfferedFile: TransferJSON {
    package init(json fields: JSONFields) throws(JSONFieldError) {
        self.init(id: try fields.string("id"), path: try fields.string("path"), size: try fields.uint64("size"),
                  sha256: try fields.optionalString("sha256"), uti: try fields.optionalString("uti"),
                  mime: try fields.optionalString("mime"))
    }

    package func write(to out: inout JSONWriter) {
        out.field("id", id)
        out.field("path", path)
        out.field("size", size)
        out.field("sha256", sha256)
        out.field("uti", uti)
        out.field("mime", mime)
    }
}

extension OfferAnswer: TransferJSON {
    package init(json fields: JSONFields) throws(JSONFieldError) {
        self.init(status: try fields.string("status"), offer: try fields.string("offer"),
                  files: try fields.objects("files", FileDecision.init(json:)), message: try fields.optionalString("message"))
    }

    package func write(to out: inout JSONWriter) {
        out.field("status", status)
        out.field("offer", offer)
        out.array("files", files) { $1.write(to: &$0) }
        out.field("message", message)
    }
}

extension FileDecision: TransferJSON {
    package init(json fields: JSONFields) throws(JSONFieldError) {
        self.init(id: try fields.string("id"), accept: try fields.bool("accept"), offset: try fields.uint64("offset"))
    }

    package func write(to out: inout JSONWriter) {
        out.field("id", id)
        out.field("accept", accept)
        out.field("offset", offset)
    }
}

extension UploadReceipt: TransferJSON {
    package init(json fields: JSONFields) throws(JSONFieldError) {
        self.init(id: try fields.string("id"), status: try fields.string("status"), sha256: try fields.string("sha256"))
    }

    package func write(to out: inout JSONWriter) {
        out.field("id", id)
        out.field("status", status)
        out.field("sha256", sha256)
    }
}

extension BatchReceipt: TransferJSON {
    package init(json fields: JSONFields) throws(JSONFieldError) {
        self.init(files: try fields.objects("files", UploadReceipt.init(json:)))
    }

    package func write(to out: inout JSONWriter) {
        out.array("files", files) { $1.write(to: &$0) }
    }
}

extension OfferReceipt: TransferJSON {
    package init(json fields: JSONFields) throws(JSONFieldError) {
        self.init(offer: try fields.string("offer"), files: try fields.objects("files", Delivered.init(json:)),
                  url: try fields.optionalString("url"), urlError: try fields.optionalString("urlError"),
                  urlFailure: try fields.optionalString("urlFailure"))
    }

    package func write(to out: inout JSONWriter) {
        out.field("offer", offer)
        out.array("files", files) { $1.write(to: &$0) }
        out.field("url", url)
        out.field("urlError", urlError)
        out.field("urlFailure", urlFailure)
    }
}

extension OfferReceipt.Delivered: TransferJSON {
    package init(json fields: JSONFields) throws(JSONFieldError) {
        self.init(id: try fields.string("id"), status: try fields.string("status"), app: try fields.optionalString("app"),
                  name: try fields.optionalString("name"))
    }

    package func write(to out: inout JSONWriter) {
        out.field("id", id)
        out.field("status", status)
        out.field("app", app)
        out.field("name", name)
    }
}

extension ErrorBody: TransferJSON {
    package init(json fields: JSONFields) throws(JSONFieldError) {
        let detail = try fields.object("error")
        self.init(code: try detail.string("code"), message: try detail.string("message"), offset: try detail.optionalUInt64("offset"))
    }

    package func write(to out: inout JSONWriter) {
        out.object("error") { out in
            out.field("code", error.code)
            out.field("message", error.message)
            out.field("offset", error.offset)
        }
    }
}
