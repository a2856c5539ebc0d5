import Foundation
import Testing
@testable import FerryCore

@Suite struct BuildSettingTests {
    @Test(arguments: [("$(PRODUCT_BUNDLE_IDENTIFIER)", ["PRODUCT_BUNDLE_IDENTIFIER"]), ("${TARGET_NAME}", ["TARGET_NAME"]),
                      ("org.x.$(PRODUCT_NAME:rfc1034identifier).y", ["PRODUCT_NAME"]), ("$(A)$(B)", ["A", "B"]),
                      ("costs $5 (really)", []), ("$(not a name)", []), ("plain", [])])
    func namesAreFound(_ text: String, _ names: [String]) {
        #expect(BuildSetting.names(in: text) == names)
    }

    @Test func substitutionReplacesOnlyTheNamedSettings() {
        let values = ["PRODUCT_BUNDLE_IDENTIFIER": "org.x.y", "PRODUCT_NAME": "Feeds"]
        #expect(BuildSetting.substituting(values, in: "$(PRODUCT_BUNDLE_IDENTIFIER).${PRODUCT_NAME}.$(PRODUCT_NAME:rfc1034identifier) $(OTHER) $5")
            == "org.x.y.Feeds.Feeds $(OTHER) $5")
    }

    static func parse(_ keys: String) -> Result<Manifest, ManifestError> {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(keys)\n</dict>\n</plist>\n"
        return ManifestLoader.parse(Data(xml.utf8), displayPath: "x.plist")
    }

    @Test func anUnexpandedIdentifierIsNamedWithWhatToDo() throws {
        let result = Self.parse("<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>")
        guard case .failure(let error) = result else { Issue.record("loaded"); return }
        #expect(error.description == "x.plist: CFBundleIdentifier: \"$(PRODUCT_BUNDLE_IDENTIFIER)\" is the unexpanded Xcode build setting "
            + "PRODUCT_BUNDLE_IDENTIFIER; install the Info.plist from the built .app, or give the value: "
            + "ferry install --set PRODUCT_BUNDLE_IDENTIFIER=VALUE PATH")
    }

    /// In an optional key, the setting costs that key only.
    @Test func anUnexpandedNameCostsOnlyTheName() throws {
        let manifest = try Self.parse("""
            <key>CFBundleIdentifier</key><string>org.x.y</string><key>CFBundleName</key><string>${TARGET_NAME}</string>
            <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLName</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            <key>CFBundleURLSchemes</key><array><string>feeds</string></array></dict></array>
            """).get()
        #expect(manifest.name == nil)
        #expect(manifest.urlTypes.map(\.schemes) == [["feeds"]])
        #expect(manifest.droppedEntries.map(\.keyPath) == ["CFBundleName", "CFBundleURLTypes[0].CFBundleURLName"])
        #expect(manifest.droppedEntries.allSatisfy { $0.message.contains("unexpanded Xcode build setting") })
    }
}

@Suite struct PreprocessorTests {
    @Test func theFirstDirectiveLineIsNamed() throws {
        let text = "<plist>\n<dict>\n\t<string>#hashtag</string>\n#notadirective\n   #if TARGET_OS_IOS \n#endif\n"
        let found = try #require(Preprocessor.directive(in: Array(text.utf8)))
        #expect(found.line == 5)
        #expect(found.text == "#if TARGET_OS_IOS")
    }

    @Test func plainPropertyListsHaveNone() {
        #expect(Preprocessor.directive(in: Array("<plist>\n<string>#define</string>\n</plist>\n".utf8)) == nil)
    }
}
