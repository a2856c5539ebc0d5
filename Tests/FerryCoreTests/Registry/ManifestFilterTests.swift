import Foundation
import Testing
@testable import FerryCore

@Suite struct ManifestFilterTests {
    let filter = ManifestFilter(mentioning: ["todolist"])

    @Test func keepsXMLAndBinaryThatMentionTheWordInAnyCase() throws {
        #expect(filter.mayMatch(Data("<plist><string>TodoList</string></plist>".utf8)))
        let binary = try PropertyListSerialization.data(fromPropertyList: ["a": "TODOLIST"], format: .binary, options: 0)
        #expect(filter.mayMatch(binary))
    }

    @Test func skipsPlainFilesThatDoNotMentionIt() throws {
        #expect(!filter.mayMatch(Data("<plist><string>todo</string></plist>".utf8)))
        let binary = try PropertyListSerialization.data(fromPropertyList: ["a": "todo"], format: .binary, options: 0)
        #expect(!filter.mayMatch(binary))
    }

    @Test func neverSkipsWhatItCannotReadAsPlainBytes() {
        #expect(filter.mayMatch(Data("<plist><string>&#116;odolist</string></plist>".utf8)))
        #expect(filter.mayMatch(Data([0xFE, 0xFF, 0x00, 0x3C])))
        #expect(filter.mayMatch(Data()))
    }
}
