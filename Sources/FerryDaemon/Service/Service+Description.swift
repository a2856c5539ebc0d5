// service-lifecycle logs every service at debug level with "\(service)". A struct's default
// description dumps its fields, among them DaemonConfiguration's environment, where users keep
// tokens; so ferryd's services describe themselves by name and the configuration never shows
// the environment (-v output and the journal are often pasted into bug reports).

extension DaemonConfiguration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "DaemonConfiguration(socket: \(socketPath), apps' environment: \(environment.count) variables, not shown)"
    }

    public var debugDescription: String { description }

    /// No children: `dump` and reflection print the description, never the environment.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

extension ReaperService: CustomStringConvertible {
    var description: String { "ReaperService" }
}

extension SweeperService: CustomStringConvertible {
    var description: String { "SweeperService" }
}

extension DaemonServer: CustomStringConvertible {
    var description: String { "DaemonServer(\(socketPath))" }
}

extension RegistryWatcher: CustomStringConvertible {
    var description: String { "RegistryWatcher" }
}

extension MemoryPressureMonitor: CustomStringConvertible {
    var description: String { "MemoryPressureMonitor" }
}

extension TransferService: CustomStringConvertible {
    var description: String { "TransferService" }
}
