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
        let receiverPEM = loop.scratch.path + "/receiver.pem"
        try loop.receiverIdentity.certificatePEM.write(toFile: receiverPEM, atomically: true, encoding: .utf8)
        let sender = loop.scratch.path + "/sender/identity"
        let offer = #"{"sender":"curl","files":[{"id":"1","path":"hello.txt","size":1500000,"sha256":"\#(digest)","mime":"text/plain"}]}"#
        try offer.write(toFile: loop.scratch.path + "/offer.json", atomically: true, encoding: .utf8)
        let script = """
            set -e
            cd \(loop.scratch.path)
            PIN=$(openssl x509 -in receiver.pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64)
            C="curl -sS --fail-with-body --tlsv1.3 -k --pinnedpubkey sha256//$PIN --cert \(sender)/certificate.pem --key \(sender)/key.pem"
            URL=https://127.0.0.1:$PORT/ferry/v1/offers
            ID=$($C -H 'Content-Type: application/json' --data-binary @offer.json $URL | sed 's/.*"offer":"\\([0-9a-f]*\\)".*/\\1/')
            $C -T \(file) $URL/$ID/files/1 >/dev/null
            $C -d '' $URL/$ID/finish
            """
        let (status, output) = try await loop.withServer { port in try Self.shell(script, port: port) }
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
        let (status, output) = try await loop.withServer { port in try Self.shell(script, port: port) }
        #expect(status == 90, "expected curl's pinning failure, got \(status): \(output)")
    }

    @Test(.enabled(if: curlAvailable)) func aClientWithoutCertificateIsRefused() async throws {
        let loop = try Loopback()
        let script = "curl -sS --tlsv1.3 -k -d '{}' https://127.0.0.1:$PORT/ferry/v1/offers"
        let (status, _) = try await loop.withServer { port in try Self.shell(script, port: port) }
        #expect(status != 0)
    }

    static func shell(_ script: String, port: Int) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = ["PORT": "\(port)", "PATH": "/usr/bin:/bin"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
