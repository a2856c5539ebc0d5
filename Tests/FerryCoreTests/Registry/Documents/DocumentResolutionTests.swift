@testable import FerryCore
import Testing

@Suite struct DocumentResolutionTests {
    let python = DocumentKind(uti: nil, fileExtension: "py", mimeType: "text/x-python", isA: testIsA)
    let registry = Registry(apps: [documentApp("com.editor", [documentType(exts: ["py"], rank: .owner)]),
                                   documentApp("com.viewer", [documentType(mimes: ["text/plain"], rank: .alternate)])])

    @Test func theDocumentTypesDecideWithoutAChoice() {
        let resolution = registry.resolve(document: python, defaults: HandlerDefaults())
        #expect(resolution.handler?.bundleIdentifier == "com.editor")
        #expect(resolution.rule == .documentType(.fileExtension, declared: "py"))
    }

    @Test func aChoiceForASupertypeBeatsTheRanks() {
        let resolution = registry.resolve(document: python, defaults: HandlerDefaults(choices: ["text/plain": "com.viewer"]))
        #expect(resolution.handler?.bundleIdentifier == "com.viewer")
        #expect(resolution.rule == .userDefault(mimeType: "text/plain"))
    }

    @Test func aChoiceOfAnAppNoLongerInstalledIsSkippedAndSaidSo() {
        let resolution = registry.resolve(document: python, defaults: HandlerDefaults(choices: ["text/x-python": "com.gone"]))
        #expect(resolution.handler?.bundleIdentifier == "com.editor")
        #expect(resolution.unusableDefault == "com.gone, chosen for text/x-python, is not installed")
    }
}
