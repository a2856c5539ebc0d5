import Testing
@testable import FerryCore

@Suite struct BundleIdentifierTests {
    @Test(arguments: ["com.acme.todo", "org.ferry.system.web", "a.b", "x-y.z9"])
    func validBundleIdentifiers(_ identifier: String) { #expect(BundleIdentifier.isValid(identifier)) }

    @Test(arguments: ["", "todo", "todo app", "com..acme", ".com.acme", "com.acme.", "com.ac_me", "com.acmé"])
    func invalidBundleIdentifiers(_ identifier: String) { #expect(!BundleIdentifier.isValid(identifier)) }
}
