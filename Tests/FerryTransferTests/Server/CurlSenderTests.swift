import Foundation
import Testing
@testable import FerryTransfer

/// The curl recipe of docs/transfer.md, run as written against a real receiver.
@Suite struct CurlSenderTests {
    static let curlAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")

    @Test(.enabled(if: curlAvailable)) func curlSendsAFileAsDocumented() async throws {
        let loop = try Loopback()
        loop.host.trust(loop.senderIdentity)
        let file = try loop.makeFile("hello.txt", size: 1_500_000)
        let digest = try LocalFile.digest(file)
        let script = try Self.recipe(loop, file: file, mime: "text/plain")
        let (status, output) = try await loop.withServer { port in try await Self.shell(script, port: port) }
        #expect(status == 0, "curl failed: \(output)")
        #expect(output.contains(#""status":"delivered""#))
        let stored = loop.host.inbox() + "/hello.txt"
        #expect(try LocalFile.digest(stored) == digest)
    }

    @Test(.enabled(if: curlAvailable)) func curlWithTheWrongPinIsStopped() async throws {
        let loop = try Loopback()
        let sender = loop.scratch.path + "/sender/identity"
        let script = """
            curl -sS --tlsv1.3 -k --pinnedpubkey sha256//AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= \
              --cert \(sender)/certificate.pem --key \(sender)/key.pem -d '{}' https://127.0.0.1:$PORT/ferry/v1/offers
            """
        let (status, output) = try await loop.withServer { port in try await Self.shell(script, port: port) }
        #expect(status == 90, "expected curl's pinning failure, got \(status): \(output)")
    }

    @Test(.enabled(if: curlAvailable)) func aClientWithoutCertificateIsRefused() async throws {
        let loop = try Loopback()
        let script = "curl -sS --tlsv1.3 -k -d '{}' https://127.0.0.1:$PORT/ferry/v1/offers"
        let (status, _) = try await loop.withServer { port in try await Self.shell(script, port: port) }
        #expect(status != 0)
    }

    /// docs/transfer.md's curl recipe for one file of `loop`'s sender: an offer, the upload (with
    /// `uploadOptions`), the finish.
    static func recipe(_ loop: Loopback, file: String, mime: String? = nil, uploadOptions: String = "") throws -> String {
        let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? 0
        let name = (file as NSString).lastPathComponent
        let digest = try LocalFile.digest(file)
        try loop.receiverIdentity.certificatePEM.write(toFile: loop.scratch.path + "/receiver.pem", atomically: true, encoding: .utf8)
        let sender = loop.scratch.path + "/sender/identity"
        let type = mime.map { #","mime":"\#($0)""# } ?? ""
        let offer = #"{"sender":"curl","files":[{"id":"1","path":"\#(name)","size":\#(size),"sha256":"\#(digest)"\#(type)}]}"#
        try offer.write(toFile: loop.scratch.path + "/offer.json", atomically: true, encoding: .utf8)
        return """
            set -e
            cd \(loop.scratch.path)
            PIN=$(openssl x509 -in receiver.pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64)
            C="curl -sS --fail-with-body --tlsv1.3 -k --pinnedpubkey sha256//$PIN --cert \(sender)/certificate.pem --key \(sender)/key.pem"
            URL=https://127.0.0.1:$PORT/ferry/v1/offers
            ID=$($C -H 'Content-Type: application/json' --data-binary @offer.json $URL | sed 's/.*"offer":"\\([0-9a-f]*\\)".*/\\1/')
            $C \(uploadOptions) -T \(file) $URL/$ID/files/1 >/dev/null
            $C -d '' $URL/$ID/finish
            """
    }

    /// Runs `script` under /bin/sh and waits for it on a thread of its own: a cooperative thread
    /// blocked here would stall the in-process receiver it talks to (and every other test's).
    static func shell(_ script: String, port: Int) async throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = ["PORT": "\(port)", "PATH": "/usr/bin:/bin"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let reader = pipe.fileHandleForReading
        return await withCheckedContinuation { done in
            Thread.detachNewThread {
                let data = reader.readDataToEndOfFile()
                process.waitUntilExit()
                done.resume(returning: (process.terminationStatus, String(decoding: data, as: UTF8.self)))
            }
        }
    }
}
