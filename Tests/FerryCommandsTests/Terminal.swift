import Foundation

/// Runs the built `ferry` on a pseudo-terminal (python3's pty module), typing an answer after
/// each expected prompt, as a user at a terminal would.
enum Terminal {
    static let script = """
        import json, os, pty, select, sys, time
        argv, answers = json.loads(sys.argv[1]), json.loads(sys.argv[2])
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(argv[0], argv)
        out, seen, deadline = b"", 0, time.time() + 60
        while time.time() < deadline:
            if select.select([fd], [], [], 0.05)[0]:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    break
                if not data:
                    break
                out += data
            if answers and answers[0][0].encode() in out[seen:]:
                seen = len(out)
                os.write(fd, (answers.pop(0)[1] + "\\n").encode())
        else:
            os.kill(pid, 9)
        sys.stdout.write(out.decode(errors="replace"))
        sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
        """

    /// - Parameter answers: (text of a prompt, line to type) in order.
    static func run(_ world: FerryWorld, _ arguments: [String], answers: [(String, String)] = []) throws -> FerryWorld.Outcome {
        let encode = { (value: Any) in String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, try encode([FerryWorld.binary] + arguments), try encode(answers.map { [$0.0, $0.1] })]
        process.environment = world.environment
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return FerryWorld.Outcome(status: process.terminationStatus, stdout: text.replacingOccurrences(of: "\r\n", with: "\n"), stderr: "")
    }
}
