import FerryCore

/// A client's `open` request, checked.
struct OpenRequest: Sendable {
    var id: Int
    var url: String
    var app: String?
    var source: String?
    var annotation: String?
    var background = false
    var wait = false
    /// The caller's activation token, for a D-Bus desktop app's platform-data.
    var activationToken: String?

    var options: LaunchOptions {
        LaunchOptions(url: url, sourceApplication: source, annotation: annotation)
    }
}

extension OpenRequest {
    /// A client's `open` numbered `id`, its flags defaulting to false.
    init(id: Int, _ open: ClientRequest.Open) {
        self.init(id: id, url: open.url, app: open.app, source: open.source, annotation: open.annotation,
                  background: open.background ?? false, wait: open.wait ?? false,
                  activationToken: open.activationToken)
    }
}

/// What happens to an admitted request: answered at once, or run in its turn on its app's queue.
enum Admission: Sendable {
    case done(OpenReply)
    case queued(Ticket, OpenRequest)
}

/// A place in an app's queue.
struct Ticket: Sendable {
    var number: Int
    var app: String
}
