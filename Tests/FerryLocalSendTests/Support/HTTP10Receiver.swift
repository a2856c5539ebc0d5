import Foundation

/// Support/http10_receiver.py running: a LocalSend receiver on Python's http.server that answers
/// HTTP/1.0 and closes after every answer. Stopped by closing its stdin (or `stop()`).
final class HTTP10Receiver: @unchecked Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("http10_receiver.py").path

    let folder: String
    let port: Int
    let fingerprint: String
    private let process = Process()
    private let input = Pipe()

    /// - Parameter arguments: The script's options (`--cut-upload-after N`, `--http11`, `--close`).
    init(folder: String, _ arguments: [String] = []) throws {
        self.folder = folder
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script, folder] + arguments
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            guard !more.isEmpty else { break }
            line += more
        }
        struct Ready: Decodable { var port: Int; var fingerprint: String }
        let ready = try JSONDecoder().decode(Ready.self, from: line)
        port = ready.port
        fingerprint = ready.fingerprint
    }

    deinit { stop() }

    func stop() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    /// The requests served so far, as (connection number, "METHOD PATH").
    var requests: [(connection: Int, request: String)] {
        let text = (try? String(contentsOfFile: folder + "/requests.log", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let number = Int(parts[0]) else { return nil }
            return (number, String(parts[1]))
        }
    }

    func received(_ name: String) -> Data? { FileManager.default.contents(atPath: folder + "/received/" + name) }
}
