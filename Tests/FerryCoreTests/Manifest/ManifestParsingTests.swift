import Foundation
import Testing
@testable import FerryCore
import FerryTestSupport

@Suite(.offThePool) struct ManifestParsingTests {
    static func xml(_ body: String) -> Data {
        Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>\(body)</dict></plist>
            """.utf8)
    }

    static func parse(_ body: String) -> Result<Manifest, ManifestError> {
        ManifestLoader.parse(xml(body), displayPath: "todo.app/Info.plist")
    }

    static let id = "<key>CFBundleIdentifier</key><string>com.acme.todo</string>"

    @Test func readsURLTypesWithDefaults() throws {
        let manifest = try Self.parse(Self.id + """
            <key>CFBundleURLTypes</key><array><dict>
              <key>CFBundleURLName</key><string>com.acme.todolist</string>
              <key>CFBundleURLSchemes</key><array><string>TodoList</string><string>todolist</string><string>todo</string></array>
            </dict></array>
            <key>CFBundleExecutable</key><string>todo</string>
            <key>UIRequiredDeviceCapabilities</key><array><string>armv7</string></array>
            """).get()
        #expect(manifest.urlTypes == [Manifest.URLType(name: "com.acme.todolist", schemes: ["todolist", "todo"],
                                                        role: .editor, rank: .default)])
        #expect(manifest.program == .executable("todo"))
        #expect(manifest.otherKeys["UIRequiredDeviceCapabilities"] == .array([.string("armv7")]))
        #expect(manifest.exitsOnSuspend == false)
    }

    /// What makes the app unusable: the manifest is skipped with one line.
    @Test(arguments: [
        ("", "todo.app/Info.plist: CFBundleIdentifier: is required (Xcode adds it from PRODUCT_BUNDLE_IDENTIFIER when it builds the app): "
            + "install the Info.plist from the built .app, or add the key"),
        ("<key>CFBundleIdentifier</key><string>to do</string>",
         "todo.app/Info.plist: CFBundleIdentifier: \"to do\" is not a reverse-DNS identifier (like com.example.todo)"),
        ("<key>CFBundleIdentifier</key><integer>3</integer>",
         "todo.app/Info.plist: CFBundleIdentifier: expected a string, found an integer"),
        (id + "<key>ProgramArguments</key><array/>",
         "todo.app/Info.plist: ProgramArguments: must start with the program to run"),
        (id + "<key>ProgramArguments</key><array><string>x</string><integer>3</integer></array>",
         "todo.app/Info.plist: ProgramArguments[1]: expected a string, found an integer"),
        (id + "<key>ProgramArguments</key><array><string>bin/../../../usr/bin/env</string></array>",
         "todo.app/Info.plist: ProgramArguments[0]: \"bin/../../../usr/bin/env\" leaves the bundle; name a program inside it"),
        (id + "<key>CFBundleExecutable</key><string>/bin/sh</string>",
         "todo.app/Info.plist: CFBundleExecutable: \"/bin/sh\" must be a path relative to the bundle"),
        (id + "<key>CFBundleExecutable</key><string>../../../../bin/echo</string>",
         "todo.app/Info.plist: CFBundleExecutable: \"../../../../bin/echo\" leaves the bundle; name a program inside it"),
        (id + "<key>FerryAppKind</key><string>daemon</string>",
         "todo.app/Info.plist: FerryAppKind: \"daemon\" is not one of command, managed"),
    ])
    func namesTheKeyPathAtFault(_ body: String, _ expected: String) {
        guard case .failure(let error) = Self.parse(body) else {
            Issue.record("expected a diagnostic: \(expected)")
            return
        }
        #expect(error.description == expected)
    }

    /// Any other fault drops the entry at fault, with one line saying what was dropped; the app
    /// keeps the rest (here the `CFBundleExecutable` that follows every body).
    @Test(arguments: [
        (id + "<key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array><string>todo</string><string>to do</string></array></dict></array>",
         "todo.app/Info.plist: CFBundleURLTypes[0].CFBundleURLSchemes[1]: \"to do\" is not a valid scheme (a letter, then letters, digits, \"+\", \"-\" or \".\"); the scheme is dropped"),
        (id + "<key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array><string></string></array></dict></array>",
         "todo.app/Info.plist: CFBundleURLTypes[0].CFBundleURLSchemes[0]: \"\" is not a valid scheme"),
        (id + "<key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array/></dict></array>",
         "todo.app/Info.plist: CFBundleURLTypes[0].CFBundleURLSchemes: lists no valid scheme; the URL type is dropped"),
        (id + "<key>CFBundleURLTypes</key><array><dict/></array>",
         "todo.app/Info.plist: CFBundleURLTypes[0].CFBundleURLSchemes: is required; the URL type is dropped"),
        (id + "<key>CFBundleURLTypes</key><dict/>",
         "todo.app/Info.plist: CFBundleURLTypes: expected an array, found a dictionary; the key is ignored"),
        (id + "<key>CFBundleURLTypes</key><array><string>x</string></array>",
         "todo.app/Info.plist: CFBundleURLTypes[0]: expected a dictionary, found a string; the URL type is dropped"),
        (id + "<key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array><string>a</string></array><key>LSHandlerRank</key><string>Best</string></dict></array>",
         "todo.app/Info.plist: CFBundleURLTypes[0].LSHandlerRank: \"Best\" is not one of None, Alternate, Default, Owner; the URL type is dropped"),
        (id + "<key>CFBundleDocumentTypes</key><array><dict><key>CFBundleTypeRole</key><string>Boss</string></dict></array>",
         "todo.app/Info.plist: CFBundleDocumentTypes[0].CFBundleTypeRole: \"Boss\" is not one of Editor, Viewer, Shell, None; the document type is dropped"),
        (id + "<key>CFBundleDocumentTypes</key><array><dict><key>CFBundleTypeExtensions</key><array><integer>1</integer></array></dict></array>",
         "todo.app/Info.plist: CFBundleDocumentTypes[0].CFBundleTypeExtensions[0]: expected a string, found an integer; the element is dropped"),
        (id + "<key>LSApplicationQueriesSchemes</key><string>todolist</string>",
         "todo.app/Info.plist: LSApplicationQueriesSchemes: expected an array, found a string; the key is ignored"),
        (id + "<key>UIApplicationExitsOnSuspend</key><string>yes</string>",
         "todo.app/Info.plist: UIApplicationExitsOnSuspend: expected a boolean, found a string; the key is ignored"),
        (id + "<key>CFBundleVersion</key><integer>3</integer>",
         "todo.app/Info.plist: CFBundleVersion: expected a string, found an integer; the key is ignored"),
    ])
    func dropsTheEntryAtFault(_ body: String, _ expected: String) throws {
        let manifest = try Self.parse(body + "<key>CFBundleExecutable</key><string>todo</string>").get()
        #expect(manifest.program == .executable("todo"))
        #expect(manifest.droppedEntries.first?.description.hasPrefix(expected) == true,
                "\(manifest.droppedEntries.map(\.description))")
        #expect(manifest.urlTypes.allSatisfy { !$0.schemes.isEmpty })
    }

    /// Issue 13 §3, end to end in one manifest: the faulty scheme goes, its sibling scheme, the
    /// other URL type and the document type stay.
    @Test func oneBadSchemeCostsOnlyItself() throws {
        let manifest = try Self.parse(Self.id + """
            <key>CFBundleURLTypes</key><array>
              <dict><key>CFBundleURLSchemes</key><array><string>todo</string><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string></array></dict>
              <dict><key>CFBundleURLSchemes</key><array><string>todolist</string></array><key>LSHandlerRank</key><string>Best</string></dict>
              <dict><key>CFBundleURLSchemes</key><array><string>todo-x</string></array></dict>
            </array>
            <key>CFBundleDocumentTypes</key><array><dict><key>CFBundleTypeExtensions</key><array><string>todo</string></array></dict></array>
            """).get()
        #expect(manifest.urlTypes.map(\.schemes) == [["todo"], ["todo-x"]])
        #expect(manifest.documentTypes.map(\.extensions) == [["todo"]])
        #expect(manifest.droppedEntries.map(\.keyPath) == ["CFBundleURLTypes[0].CFBundleURLSchemes[1]", "CFBundleURLTypes[1].LSHandlerRank"])
    }

    /// A manifest's bytes quoted in a diagnostic cannot break it over lines or drive a terminal.
    @Test func quotedValuesAreEscaped() {
        guard case .failure(let error) = Self.parse("<key>CFBundleIdentifier</key><string>a\n\u{1B}[31mb\u{202E}</string>") else {
            Issue.record("must fail")
            return
        }
        #expect(error.description == "todo.app/Info.plist: CFBundleIdentifier: \"a\\u{A}\\u{1B}[31mb\\u{202E}\" is not a reverse-DNS identifier (like com.example.todo)")
        let named = ManifestError(code: .invalidValue, file: "x\u{1B}]0;t\u{7}.plist", keyPath: "", message: "m")
        #expect(named.description == "x\\u{1B}]0;t\\u{7}.plist: m")
    }

    @Test func rejectsBytesThatAreNotAPropertyList() {
        for bytes in [Data(), Data("not a plist".utf8), Self.xml(Self.id).dropLast(20), Data([0xFF, 0xFE, 0x00])] {
            guard case .failure(let error) = ManifestLoader.parse(bytes, displayPath: "x.plist") else {
                Issue.record("expected a failure for \(bytes.count) bytes")
                continue
            }
            #expect(error.code == .notAPropertyList)
            #expect(error.description.hasPrefix("x.plist: is not a valid property list ("))
        }
    }

    @Test func rootMustBeADictionary() {
        let data = Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><array/></plist>".utf8)
        guard case .failure(let error) = ManifestLoader.parse(data, displayPath: "x.plist") else {
            Issue.record("an array root must fail")
            return
        }
        #expect(error.description == "x.plist: the root is an array, expected a dictionary")
    }

    @Test func binaryAndXMLGiveTheSameManifest() throws {
        let dictionary: [String: Any] = [
            "CFBundleIdentifier": "com.acme.todo",
            "CFBundleURLTypes": [["CFBundleURLSchemes": ["todolist"], "LSHandlerRank": "Owner"]],
            "LSApplicationQueriesSchemes": ["mailto"],
            "UIBackgroundModes": ["audio"],
            "UIApplicationExitsOnSuspend": true,
            "ProgramArguments": ["todo", "--open", "%u"],
        ]
        let binary = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)
        let xml = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0)
        let fromBinary = try ManifestLoader.parse(binary, displayPath: "b").get()
        #expect(fromBinary == (try ManifestLoader.parse(xml, displayPath: "x").get()))
        #expect(fromBinary.exitsOnSuspend)
        #expect(fromBinary.backgroundModes == ["audio"])
        #expect(fromBinary.program == .arguments(["todo", "--open", "%u"]))
        #expect(fromBinary.urlTypes.first?.rank == .owner)
    }

    @Test func tenThousandSchemesLoadAndTheLastBadOneIsNamed() throws {
        var schemes = (0..<10_000).map { "s\($0)" }
        let good = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleIdentifier": "com.a.b", "CFBundleURLTypes": [["CFBundleURLSchemes": schemes]]],
            format: .binary, options: 0)
        #expect(try ManifestLoader.parse(good, displayPath: "big").get().urlTypes[0].schemes.count == 10_000)
        schemes[9_999] = "bad scheme"
        let bad = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleIdentifier": "com.a.b", "CFBundleURLTypes": [["CFBundleURLSchemes": schemes]]],
            format: .xml, options: 0)
        let manifest = try ManifestLoader.parse(bad, displayPath: "big").get()
        #expect(manifest.urlTypes[0].schemes.count == 9_999)
        #expect(manifest.droppedEntries.map(\.keyPath) == ["CFBundleURLTypes[0].CFBundleURLSchemes[9999]"])
    }
}
