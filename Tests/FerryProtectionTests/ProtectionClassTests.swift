import FerryProtection
import Testing

@Suite struct ProtectionClassTests {
    @Test(arguments: [
        ("complete", ProtectionClass.complete),
        ("NSFileProtectionComplete", .complete),
        ("NSFileProtectionCompleteUnlessOpen", .completeUnlessOpen),
        ("completeUntilFirstUserAuthentication", .completeUntilFirstUserAuthentication),
        ("NSFileProtectionNone", ProtectionClass.none),
    ])
    func parsesBothSpellings(name: String, expected: ProtectionClass) {
        #expect(ProtectionClass(name: name) == expected)
    }

    @Test func rejectsUnknownNames() {
        #expect(ProtectionClass(name: "NSFileProtectionSometimes") == nil)
        #expect(ProtectionClass(name: "") == nil)
    }

    @Test func onlyTheCompleteClassesGoAtLock() {
        #expect(ProtectionClass.allCases.filter(\.isRemovedAtLock) == [.complete, .completeUnlessOpen])
        #expect(ProtectionClass.appDefault == .completeUntilFirstUserAuthentication)
    }
}
