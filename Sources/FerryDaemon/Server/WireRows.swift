import FerryCore

// The rows and records the typed messages carry, by the names ferryd's handlers use: declared with
// the reply or event that carries them.
typealias AppStatus = DaemonReply.AppStatus
typealias ArchiveInfo = AppEvent.ArchiveInfo
typealias CommandSpec = DaemonReply.CommandSpec
typealias LaunchOptions = AppEvent.LaunchOptions
typealias PeerRow = DaemonReply.PeerRow
typealias ProtectionReport = DaemonReply.ProtectionReport
