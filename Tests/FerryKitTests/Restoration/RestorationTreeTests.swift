import FerryProtocol
@testable import FerryKit
import Testing

@Suite struct RestorationTreeTests {
    @Test func pathsRunFromTheRootDownParentsFirst() throws {
        let tree = try RestorationTree(roots: [Node("Root", [Node("Nav", [Node("Detail")]), Node("Side")])])
        #expect(tree.nodes.map(\.path.description) == ["Root", "Root/Nav", "Root/Nav/Detail", "Root/Side"])
    }

    @Test func anObjectWithoutIdentifierLeavesOutItsSubtree() throws {
        let tree = try RestorationTree(roots: [Node("Root", [Node(nil, [Node("Hidden", [Node("Deeper")])]), Node("Kept")])])
        #expect(tree.nodes.map(\.path.description) == ["Root", "Root/Kept"])
    }

    @Test func theSameIdentifierUnderDifferentParentsIsFine() throws {
        let tree = try RestorationTree(roots: [Node("Root", [Node("A", [Node("Detail")]), Node("B", [Node("Detail")])])])
        #expect(tree.nodes.map(\.path.description).filter { $0.hasSuffix("Detail") } == ["Root/A/Detail", "Root/B/Detail"])
    }

    @Test func twoObjectsOnOnePathAreAnErrorNamingIt() {
        #expect {
            try RestorationTree(roots: [Node("Root", [Node("Nav", [Node("Detail"), Node("Detail")])])])
        } throws: { error in
            let error = error as! RestorationError
            return error.code == .duplicatePath && error.message.contains("Root/Nav/Detail")
        }
    }

    @Test func twoRootsWithOneIdentifierAreAnError() {
        #expect(throws: RestorationError.self) { try RestorationTree(roots: [Node("Root"), Node("Root")]) }
    }

    @Test(arguments: ["", "a/b"])
    func aBadIdentifierIsAnError(_ identifier: String) {
        #expect {
            try RestorationTree(roots: [Node("Root", [Node(identifier)])])
        } throws: { error in
            (error as! RestorationError).code == .invalidIdentifier && (error as! RestorationError).message.contains("under Root")
        }
    }

    @Test func pathsParseAndPrint() throws {
        let path = try #require(RestorationPath(parsing: "Root/Nav/Detail"))
        #expect(path.identifiers == ["Root", "Nav", "Detail"])
        #expect(path.identifier == "Detail")
        #expect(path.parent?.description == "Root/Nav")
        #expect(RestorationPath(parsing: "") == nil)
        #expect(RestorationPath(parsing: "a//b") == nil)
    }

    @Test(arguments: ["/a", "a/", "/", "a//b"])
    func anEmptyComponentIsNoPath(_ text: String) {
        #expect(RestorationPath(parsing: text) == nil)
    }

    @Test func nonASCIIIdentifiersSurviveParsing() throws {
        let path = try #require(RestorationPath(parsing: "Wurzel/Übersicht/详情 ✓"))
        #expect(path.identifiers == ["Wurzel", "Übersicht", "详情 ✓"])
        #expect(path.description == "Wurzel/Übersicht/详情 ✓")
    }
}
