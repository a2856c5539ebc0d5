/// systemd socket activation (sd_listen_fds(3)): the listening socket systemd passes as fd 3,
/// when `LISTEN_PID` is this process and `LISTEN_FDS` is at least 1.
public enum SocketActivation {
    /// The first passed descriptor (`SD_LISTEN_FDS_START`).
    public static let firstDescriptor: Int32 = 3

    /// The listening socket passed to process `pid`, if any.
    public static func listeningDescriptor(environment: [String: String], pid: Int32) -> Int32? {
        guard let listenPID = environment["LISTEN_PID"].flatMap(Int32.init), listenPID == pid,
              let count = environment["LISTEN_FDS"].flatMap(Int.init), count >= 1 else { return nil }
        return firstDescriptor
    }

    /// The variables that describe ferryd's own service and must not reach the apps it starts.
    public static let serviceVariables = ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES", "JOURNAL_STREAM", "NOTIFY_SOCKET",
                                          "INVOCATION_ID"]
}
