import Testing
@testable import FerryProtocol

@Suite struct URLSchemeTests {
    @Test(arguments: ["a", "todolist", "x-callback-url", "coap+tcp", "web.app", "A1"])
    func valid(_ scheme: String) { #expect(URLScheme.isValid(scheme)) }

    @Test(arguments: ["", "1a", "to do", "+a", "ä", "a_b", "a:b", "a/b"])
    func invalid(_ scheme: String) { #expect(!URLScheme.isValid(scheme)) }

}
