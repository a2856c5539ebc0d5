import Testing
@testable import FerryLocalSend

/// The endpoints' paths, written once for the client and the server.
@Suite struct LocalSendRouteTests {
    @Test(arguments: LocalSendRoute.allCases) func aRoutesPathReadsBackAsThatRoute(route: LocalSendRoute) {
        #expect(LocalSendRoute(path: route.path) == route)
    }

    @Test func thePathsAreTheSpecs() {
        #expect(LocalSendRoute.prepareUpload.path == "/api/localsend/v2/prepare-upload")
        #expect(LocalSendRoute.prepareDownload.path == "/api/localsend/v2/prepare-download")
    }

    @Test(arguments: ["/", "/api/localsend/v2/", "/api/localsend/v2/nope", "/api/localsend/v1/upload", "/api/localsend/v1/prepare-upload", "/api/localsend/v2/info/x"])
    func otherPathsAreNoRoute(path: String) {
        #expect(LocalSendRoute(path: path) == nil)
    }

    /// As LocalSend's own app: v1 clients ask `/api/localsend/v1/info` before they send.
    @Test func infoAndRegisterAreAlsoServedAtTheirV1Paths() {
        #expect(LocalSendRoute(path: "/api/localsend/v1/info") == .info)
        #expect(LocalSendRoute(path: "/api/localsend/v1/register") == .register)
        #expect(LocalSendRoute.allCases.filter(\.servedOnV1) == [.info, .register])
    }

    @Test func aTargetEncodesItsValuesAndLeavesOutTheMissing() {
        #expect(LocalSendRoute.upload.target(["sessionId": "a b", "fileId": "f0", "token": "t&x"])
                == "/api/localsend/v2/upload?sessionId=a%20b&fileId=f0&token=t%26x")
        #expect(LocalSendRoute.prepareUpload.target(["pin": nil]) == "/api/localsend/v2/prepare-upload")
    }

    @Test func anUnknownDeviceTypeReadsAsDesktopAndAKnownOneAsItself() {
        let info = LocalSendInfo(alias: "x", deviceModel: nil, deviceType: "headless", fingerprint: "f", port: nil)
        #expect(info.knownDeviceType == .headless)
        #expect(LocalSendInfo.ferry(alias: "a", fingerprint: "ab", deviceType: .server, port: 1).fingerprint == "AB")
    }
}
