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
        /// The background task of a `backgroundTaskWillExpire` (the app's own identifier).
        public var task: Int?
        /// A queued notification's latest value: why time changed (`midnight`, `clock-set`,
        /// `time-zone`), the new locale; nil when it has none.
        public var value: String?
        /// With `didEnterBackground`: the background budget that starts now, in milliseconds.
        public var budgetMs: Int?

        public init(event: String, url: String? = nil, options: AppEvent.LaunchOptions? = nil,
                    archive: AppEvent.ArchiveInfo? = nil, task: Int? = nil, value: String? = nil, budgetMs: Int? = nil) {
            self.event = event
            self.url = url
            self.options = options
            self.archive = archive
            self.task = task
            self.value = value
            self.budgetMs = budgetMs
        }
    }
}

/// What a managed app sends the daemon after `hello`: a reply per event, and the chunks of its
/// saved state before the reply to `encodeRestorableState`.
public enum AppReply: Sendable, Equatable {
    case reply(Reply)
    case stateData(StateData)
    /// The app began or ended a background task; its envelope carries the task's identifier,
    /// which the app chose. It answers no event and gets no answer (docs/app-services.md).
    case backgroundTask(BackgroundTask)

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

    /// `background-task`: `begin` (with the task's name) or `end`.
    public struct BackgroundTask: Codable, Sendable, Equatable {
        public enum Action: String, Codable, Sendable, Equatable {
            case begin, end
        }

        public var action: Action
        /// What the task does, for logs (`beginBackgroundTask(name:)`).
        public var name: String?

        public init(action: Action, name: String? = nil) {
            self.action = action
            self.name = name
        }
    }
}
