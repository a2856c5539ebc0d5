import FerryCore

extension Ferry.Send {
    /// ferryd's next frame about the send. When ferryd stops in the middle (killed, crashed), the
    /// line says what that means for the send and what to do, instead of "ferryd: ferryd closed
    /// the connection": the receiver keeps what it got (staged, not in its Inbox), and the same
    /// send again resumes from there.
    static func receive(_ client: DaemonClient, _ id: Int, sendingTo peer: String) throws -> DaemonReply {
        do {
            return try client.reply(to: id)
        } catch let failure as CommandFailure where failure.daemonLost {
            throw CommandFailure(
                message: "ferryd stopped during the send to \(peer); \(peer) keeps what arrived, and sending the same files again resumes from there",
                exit: failure.exit)
        }
    }
}
