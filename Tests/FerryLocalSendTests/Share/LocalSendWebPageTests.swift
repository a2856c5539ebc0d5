import Foundation
import Testing
@testable import FerryLocalSend
@testable import FerryTransfer

/// What a phone's browser meets at a web share's address (issue 29): pages, not JSON; a PIN form,
/// not a dialog; a lockout that counts every try and names no address. The page's behaviour in a
/// real browser: Support/web_share_browser.py (``LocalSendWebShareBrowserTests``).
@Suite struct LocalSendWebPageTests {
    @Test func afterTheShareStopsTheAddressAnswersAPageAndTheIconIsServed() async throws {
        let fixture = try LocalSendFixture()
        try await LocalSendServerTests.withServer(fixture) { server, port, sender in
            let id = try await server.shares.start(LocalFile.collect([fixture.path]), pin: nil) { _ in }
            await server.shares.stop(id)
            try await LocalSendClient(identity: sender).withConnection(host: "127.0.0.1", port: port, fingerprint: nil) { http async throws in
                let (status, body) = try await http.request(.GET, "/")
                #expect(status == 404)
                #expect(String(decoding: body, as: UTF8.self).hasPrefix("<!doctype html>"))
                #expect(String(decoding: body, as: UTF8.self).contains("Nothing is shared here now"))
                let (icon, svg) = try await http.request(.GET, "/favicon.ico")
                #expect(icon == 200)
                #expect(String(decoding: svg, as: UTF8.self).hasPrefix("<svg"))
            }
        }
    }

    @Test func anOldDownloadLinkOpenedAsAPageSaysWhyInWords() async throws {
        let fixture = try LocalSendFixture()
        try await LocalSendServerTests.withServer(fixture) { server, port, sender in
            let id = try await server.shares.start(LocalFile.collect([fixture.path]), pin: nil) { _ in }
            await server.shares.stop(id)
            let target = "/api/localsend/v2/download?sessionId=gone&fileId=f0"
            let page = try await SourcedRequest.send(.GET, target, port: port, identity: sender, headers: [("Sec-Fetch-Mode", "navigate")])
            #expect(page.status == 403)
            #expect(page.headers.first(name: "Content-Type")?.hasPrefix("text/html") == true)
            #expect(String(decoding: page.body, as: UTF8.self).contains("the share it came from has ended"))
            #expect(!String(decoding: page.body, as: UTF8.self).contains("gone"), "nothing of the request is echoed")
            let api = try await SourcedRequest.send(.GET, target, port: port, identity: sender)
            #expect(api.headers.first(name: "Content-Type") == "application/json", "a LocalSend app still gets JSON")
        }
    }

    @Test func thePageAsksThePinInAFormAndWorksWithoutScriptsToo() {
        let page = LocalSendWebPage.html
        #expect(!page.contains("prompt("), "a dialog a browser suppresses returns null at once")
        #expect(page.contains("<form id=\"pin\""))
        #expect(page.contains("<noscript>"))
        #expect(page.contains("rel=\"icon\""))
        #expect(page.contains("certificate"))
    }

    static func shares(attempts: Int = 3) -> LocalSendShares {
        LocalSendShares(pinRules: PinGuard.Rules(attempts: attempts), clock: { 100 })
    }

    /// The statuses of prepare-downloads with these PINs, from one address.
    static func statuses(_ shares: LocalSendShares, _ pins: [String?]) async -> [Int] {
        var statuses: [Int] = []
        for pin in pins {
            do {
                _ = try await shares.prepareDownload(session: nil, pin: pin, address: "192.168.1.20")
                statuses.append(200)
            } catch {
                statuses.append(error.status)
            }
        }
        return statuses
    }

    @Test func anEmptyPinCountsAsAWrongOne() async throws {
        let shares = Self.shares()
        _ = try await shares.start([], pin: "246810") { _ in }
        #expect(await Self.statuses(shares, ["", "", "", "", nil]) == [401, 401, 401, 429, 429])
    }

    @Test func theRightPinForgivesTheWrongOnesBeforeIt() async throws {
        let shares = Self.shares()
        _ = try await shares.start([], pin: "246810") { _ in }
        #expect(await Self.statuses(shares, ["1", "2", "246810", "3", "4", "5", "6"]) == [401, 401, 200, 401, 401, 401, 429])
    }

    @Test func theLockoutSaysWhenToRetryAndNamesNoAddress() async throws {
        let shares = Self.shares(attempts: 1)
        _ = try await shares.start([], pin: "246810") { _ in }
        _ = await Self.statuses(shares, ["1"])
        let error = await #expect(throws: LocalSendError.self) {
            try await shares.prepareDownload(session: nil, pin: "2", address: "192.168.1.20")
        }
        #expect(error?.status == 429)
        #expect(error?.retryAfter ?? 0 > 0)
        #expect(error?.message.contains("try again in") == true)
        #expect(error?.message.contains("192.168") == false)
    }
}
