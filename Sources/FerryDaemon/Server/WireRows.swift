import FerryCore

// The rows and records the typed messages carry, by the names ferryd's handlers use. They are
// declared inside WireFrame (version 1's flat frame) for now; should they move, only this file changes.
typealias AppStatus = WireFrame.AppStatus
typealias ArchiveInfo = WireFrame.ArchiveInfo
typealias CommandSpec = WireFrame.CommandSpec
typealias LaunchOptions = WireFrame.LaunchOptions
typealias PeerRow = WireFrame.PeerRow
typealias ProtectionReport = WireFrame.ProtectionReport
