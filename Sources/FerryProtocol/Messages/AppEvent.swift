/// What the daemon sends a managed app after `welcome`: lifecycle events, each answered by one
/// ``AppReply/reply(_:)`` with the same id.
public enum AppEvent: Sendable, Equatable {
    case event(Event)

    /// One lifecycle event (`willFinishLaunching`, `open`, `encodeRestorableState`, …).
    public struct Event: Codable, Sendable, Equatable {
        public var event: String
        /// The URL of an `open` event.
        public var url: String?
        public var options: AppEvent.LaunchOptions?
        /// The saved state waiting in the inherited memory file (`willFinishLaunching`).
        public var archive: AppEvent.ArchiveInfo?

        public init(event: String, url: String? = nil, options: AppEvent.LaunchOptions? = nil,
                    archive: AppEvent.ArchiveInfo? = nil) {
            self.event = event
            self.url = url
            self.options = options
            self.archive = archive
        }
    }
}

/// What a managed app sends the daemon after `hello`: a reply per event, and the chunks of its
/// saved state before the reply to `encodeRestorableState`.
public enum AppReply: Sendable, Equatable {
    case reply(Reply)
    case stateData(StateData)

    /// The answer to an event (its envelope carries the event's id).
    public struct Reply: Codable, Sendable, Equatable {
        public var result: Bool
        public var archive: AppEvent.ArchiveInfo?

        public init(result: Bool, archive: AppEvent.ArchiveInfo? = nil) {
            self.result = result
            self.archive = archive
        }
    }

    /// At most 512 KiB of archive for an event, base64.
    public struct StateData: Codable, Sendable, Equatable {
        public var data: String

        public init(data: String) {
            self.data = data
        }
    }
}
