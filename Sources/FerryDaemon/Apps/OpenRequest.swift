import FerryCore

/// A client's `open` request, checked.
struct OpenRequest: Sendable {
    var id: Int
    var url: String
    var app: String?
    var source: String?
    var annotation: String?
    var background: Bool
    var wait: Bool

    init(_ frame: WireFrame) {
        id = frame.id ?? 0
        url = frame.url ?? ""
        app = frame.app
        source = frame.source
        annotation = frame.annotation
        background = frame.background ?? false
        wait = frame.wait ?? false
    }

    var options: WireFrame.LaunchOptions {
        WireFrame.LaunchOptions(url: url, sourceApplication: source, annotation: annotation)
    }
}

/// What happens to an admitted request: answered at once, or run in its turn on its app's queue.
enum Admission: Sendable {
    case done(WireFrame)
    case queued(Ticket, OpenRequest)
}

/// A place in an app's queue.
struct Ticket: Sendable {
    var number: Int
    var app: String
}

extension WireFrame {
    static func result(_ id: Int, outcome: String, app: String? = nil, pid: Int32? = nil) -> WireFrame {
        var frame = WireFrame(type: "result", id: id)
        frame.outcome = outcome
        frame.app = app
        frame.pid = pid
        return frame
    }

    static func failure(_ id: Int, _ error: DaemonError, app: String? = nil) -> WireFrame {
        var frame = result(id, outcome: "failed", app: app)
        frame.message = error.message
        frame.exitCode = error.exitCode
        return frame
    }
}
