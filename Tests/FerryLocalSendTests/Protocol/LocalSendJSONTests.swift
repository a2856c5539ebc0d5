import Foundation
import Testing
@testable import FerryLocalSend

/// The DTOs against the spec's own examples, and the limits checked before anything is staged.
@Suite struct LocalSendJSONTests {
    /// The prepare-upload body of protocol v2's README, §4.1.
    static let specExample = """
    {"info":{"alias":"Nice Orange","version":"2.0","deviceModel":"Samsung","deviceType":"mobile",
    "fingerprint":"random string","port":53317,"protocol":"https","download":true},
    "files":{"some file id":{"id":"some file id","fileName":"my image.png","size":324242,"fileType":"image/jpeg",
    "sha256":"*sha256 nullable*","preview":"*preview data nullable*"},
    "another file id":{"id":"another file id","fileName":"another image.jpg","size":1234,"fileType":"image/jpeg",
    "preview":"*preview data nullable*"}}}
    """

    @Test func theSpecsExampleDecodesUpToItsPlaceholderHash() throws {
        // The example's sha256 is a placeholder; with it replaced by a real one, all decodes.
        let body = Self.specExample.replacingOccurrences(of: "*sha256 nullable*", with: String(repeating: "0f", count: 32))
        let request = try LocalSendJSON.prepareUpload(Array(body.utf8), limits: LocalSendLimits())
        #expect(request.info.alias == "Nice Orange")
        #expect(request.info.knownDeviceType == .mobile)
        #expect(request.files.count == 2)
        #expect(request.files["some file id"]?.size == 324242)
        #expect(request.files["another file id"]?.sha256 == nil)
    }

    @Test func aHashThatIsNotSixtyFourHexDigitsIsRefused() {
        #expect(throws: LocalSendError.self) { try LocalSendJSON.prepareUpload(Array(Self.specExample.utf8), limits: LocalSendLimits()) }
    }

    @Test func aHundredThousandFilesAreRefusedWith413() throws {
        var files: [String: LocalSendFile] = [:]
        for index in 0..<100_000 { files["\(index)"] = LocalSendFile(id: "\(index)", fileName: "f\(index)", size: 1, fileType: nil) }
        let body = LocalSendJSON.encode(PrepareUploadRequest(info: LocalSendFixture.info, files: files))
        let error = #expect(throws: LocalSendError.self) { try LocalSendJSON.prepareUpload(body, limits: LocalSendLimits()) }
        #expect(error?.status == 413)
        #expect(error?.message.contains("100000 files") == true)
    }

    @Test(arguments: [
        #"{"info":{"alias":"x"},"files":{}}"#,   // no fingerprint
        #"{"info":{"alias":"x","fingerprint":"f"},"files":[]}"#,
        #"{"info":{"alias":"x","fingerprint":"f"},"files":{"a":{"id":"b","fileName":"n","size":1}}}"#,  // id mismatch
        #"{"info":{"alias":"x","fingerprint":"f"},"files":{"a":{"id":"a","fileName":"","size":1}}}"#,   // empty name
        #"{"info":{"alias":"x","fingerprint":"f"},"files":{"a":{"id":"a","fileName":"n","size":-1}}}"#, // negative size
        "not json at all",
    ])
    func malformedBodiesAreBadRequests(_ body: String) {
        let error = #expect(throws: LocalSendError.self) { try LocalSendJSON.prepareUpload(Array(body.utf8), limits: LocalSendLimits()) }
        #expect(error?.status == 400)
    }

    @Test func infoRoundTripsWithTheFieldsLocalSendReads() throws {
        let info = LocalSendInfo(alias: "ferry-a", deviceModel: "Ferry", deviceType: "headless", fingerprint: "AB", port: 53318)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(LocalSendJSON.encode(info.announcing(true)))) as? [String: Any])
        #expect(json["alias"] as? String == "ferry-a")
        #expect(json["version"] as? String == "2.2")
        #expect(json["protocol"] as? String == "https")
        #expect(json["announce"] as? Bool == true)
        #expect(try LocalSendJSON.info(LocalSendJSON.encode(info)) == info)
    }

    @Test func anUnknownDeviceTypeReadsAsDesktop() {
        let info = LocalSendInfo(alias: "x", deviceModel: nil, deviceType: "toaster", fingerprint: "f", port: nil)
        #expect(info.knownDeviceType == .desktop)
    }
}
