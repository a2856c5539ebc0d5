import Foundation

/// Runs the built `ferry` on a pseudo-terminal (Tests/LAN/terminal.py, python3's pty module), typing an answer after
/// each expected prompt, as a user at a terminal would.
enum Terminal {
    /// The pseudo-terminal driver the LAN scenarios use too.
    static var script: String { FerryWorld.repository + "/Tests/LAN/terminal.py" }

    /// - Parameter answers: (text of a prompt, line to type) in order.
    static func run(_ world: FerryWorld, _ arguments: [String], answers: [(String, String)] = []) throws -> FerryWorld.Outcome {
        let encode = { (value: Any) in String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, try encode([FerryWorld.binary] + arguments), try encode(answers.map { [$0.0, $0.1] })]
        process.environment = world.environment
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return FerryWorld.Outcome(status: process.terminationStatus, stdout: text, stderr: "")
    }
}
