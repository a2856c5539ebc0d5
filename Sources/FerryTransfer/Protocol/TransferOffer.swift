/// What a sender proposes: files (or a URL) for the receiver to accept (`docs/transfer.md`).
public struct TransferOffer: Codable, Sendable, Equatable {
    /// The sender's display name, shown when the receiver is asked.
    public var sender: String
    /// The bundle id of the app the sender wants the files opened in, if any.
    public var app: String?
    /// A URL to open instead of, or besides, files (AirDrop's link sharing).
    public var url: String?
    /// The files, each with an id unique within the offer.
    public var files: [OfferedFile]

    public init(sender: String, app: String? = nil, url: String? = nil, files: [OfferedFile]) {
        self.sender = sender
        self.app = app
        self.url = url
        self.files = files
    }

    /// The sum of the files' sizes, or `nil` if it does not fit in 64 bits: the sizes come from a
    /// peer, so they are added with overflow checked.
    public var checkedTotalSize: UInt64? {
        var total: UInt64 = 0
        for file in files {
            let (sum, overflow) = total.addingReportingOverflow(file.size)
            if overflow { return nil }
            total = sum
        }
        return total
    }

    /// The sum of the files' sizes, `UInt64.max` if it does not fit (see ``checkedTotalSize``).
    public var totalSize: UInt64 { checkedTotalSize ?? .max }
}

/// One file of an offer.
public struct OfferedFile: Codable, Sendable, Equatable {
    /// Unique within the offer; names the file in the upload path.
    public var id: String
    /// The name, or a relative path for a file inside a sent folder (`photos/2024/a.jpg`).
    public var path: String
    /// The size in bytes.
    public var size: UInt64
    /// Lowercase hex SHA-256 of the content; absent when the sender hashes while uploading and
    /// sends it as the upload's `Ferry-SHA256` trailer (a large file need not be read twice).
    public var sha256: String?
    /// The uniform type identifier, such as `public.jpeg`.
    public var uti: String?
    /// The MIME type, such as `image/jpeg`.
    public var mime: String?

    public init(id: String, path: String, size: UInt64, sha256: String?, uti: String? = nil, mime: String? = nil) {
        self.id = id
        self.path = path
        self.size = size
        self.sha256 = sha256
        self.uti = uti
        self.mime = mime
    }
}

/// The receiver's answer to an offer: the whole offer's status and a decision per file.
public struct OfferAnswer: Codable, Sendable, Equatable {
    /// `accepted`, `pending` (waiting for the user) or `declined`.
    public var status: String
    /// The offer's id, for the uploads and the receipt.
    public var offer: String
    /// One decision per offered file, in the offer's order (empty unless accepted).
    public var files: [FileDecision]
    /// Why, when declined.
    public var message: String?

    public init(status: String, offer: String, files: [FileDecision] = [], message: String? = nil) {
        self.status = status
        self.offer = offer
        self.files = files
        self.message = message
    }
}

/// Whether to send one file, and from which byte.
public struct FileDecision: Codable, Sendable, Equatable {
    public var id: String
    /// Whether the receiver wants this file.
    public var accept: Bool
    /// The first byte to upload: more than 0 when a verified prefix is kept from an interrupted
    /// transfer; equal to the size when nothing is left to send.
    public var offset: UInt64

    public init(id: String, accept: Bool, offset: UInt64) {
        self.id = id
        self.accept = accept
        self.offset = offset
    }
}

/// The receiver's answer to one upload.
public struct UploadReceipt: Codable, Sendable, Equatable {
    public var id: String
    /// `received`: complete and checked against the offered SHA-256.
    public var status: String
    public var sha256: String

    public init(id: String, status: String, sha256: String) {
        self.id = id
        self.status = status
        self.sha256 = sha256
    }
}

/// The final receipt: where each file went.
public struct OfferReceipt: Codable, Sendable, Equatable {
    public struct Delivered: Codable, Sendable, Equatable {
        public var id: String
        /// `delivered`, or `missing` when the file was accepted but never fully uploaded.
        public var status: String
        /// The app whose Inbox holds the file.
        public var app: String?
        /// The file's name inside that Inbox.
        public var name: String?

        public init(id: String, status: String, app: String? = nil, name: String? = nil) {
            self.id = id
            self.status = status
            self.app = app
            self.name = name
        }
    }

    public var offer: String
    public var files: [Delivered]
    /// `opened` when a URL was offered and handed to the receiver's open flow, `failed` when it
    /// could not be opened there.
    public var url: String?
    /// Why the receiver could not open the URL (with `url` `failed`): one line naming the scheme or app.
    public var urlError: String?
    /// The kind of that failure: `no-handler` (no app there handles the scheme) or `app-failed`.
    public var urlFailure: String?

    public init(offer: String, files: [Delivered], url: String? = nil, urlError: String? = nil, urlFailure: String? = nil) {
        self.offer = offer
        self.files = files
        self.url = url
        self.urlError = urlError
        self.urlFailure = urlFailure
    }
}

/// An error body: `{"error":{"code":…,"message":…}}`.
public struct ErrorBody: Codable, Sendable, Equatable {
    public struct Detail: Codable, Sendable, Equatable {
        public var code: String
        public var message: String
        /// For `offset-mismatch`: the offset the receiver holds.
        public var offset: UInt64?
    }

    public var error: Detail

    public init(code: String, message: String, offset: UInt64? = nil) {
        error = Detail(code: code, message: message, offset: offset)
    }
}
