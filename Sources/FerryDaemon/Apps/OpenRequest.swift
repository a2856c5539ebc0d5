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

    var options: WireFrame.LaunchOptions {
        WireFrame.LaunchOptions(url: url, sourceApplication: source, annotation: annotation)
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
