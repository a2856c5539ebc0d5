import FerryCore

extension AppReply {
    /// The event this answers, or whose saved state this carries.
    var id: Int {
        switch self {
        case .reply(let reply): reply.id
        case .stateData(let chunk): chunk.id
        }
    }
}
