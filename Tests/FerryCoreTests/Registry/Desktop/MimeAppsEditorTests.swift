import Foundation
import Testing
@testable import FerryCore

/// `ferry integrate` then `ferry integrate --undo` gives back the user's mimeapps.list byte for
/// byte, in each case issue 18 lists, through the real files of a DesktopBridge.
@Suite struct MimeAppsEditorTests {
    static let id = DesktopBridge.id

    /// Integrates `schemes` over `before` (nil: no file), checks the integrated file routes them,
    /// undoes, and returns the file as it is then (nil: no file).
    func roundTrip(_ before: String?, schemes: [String] = ["todolist", "notes"]) throws -> (integrated: String?, after: String?) {
        let folder = NSTemporaryDirectory() + "ferry-mimeapps-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = DesktopPaths(environment: ["HOME": folder, "XDG_DATA_HOME": folder + "/data",
                                               "XDG_CONFIG_HOME": folder + "/config", "XDG_DATA_DIRS": folder + "/none",
                                               "XDG_CONFIG_DIRS": folder + "/none"])
        let bridge = try #require(DesktopBridge(paths: paths))
        if let before {
            try FileManager.default.createDirectory(atPath: folder + "/config", withIntermediateDirectories: true)
            try before.write(toFile: bridge.mimeAppsPath, atomically: true, encoding: .utf8)
        }
        _ = try bridge.install(schemes: schemes, ferry: "/usr/bin/ferry")
        let integrated = try? String(contentsOfFile: bridge.mimeAppsPath, encoding: .utf8)
        let list = MimeAppsList(files: [DesktopPaths.MimeAppsFile(path: bridge.mimeAppsPath, isUsers: true)])
        for scheme in schemes where before?.contains("x-scheme-handler/\(scheme)=other") != true {
            #expect(list.defaults[scheme]?.first?.id == Self.id, "\(scheme) in \(integrated ?? "nil")")
        }
        // A second sync (ferry install while integrated) must not stack up a second group or marker.
        _ = try bridge.install(schemes: schemes, ferry: "/usr/bin/ferry")
        #expect((try? String(contentsOfFile: bridge.mimeAppsPath, encoding: .utf8)) == integrated)
        try bridge.uninstall()
        return (integrated, try? String(contentsOfFile: bridge.mimeAppsPath, encoding: .utf8))
    }

    @Test func noFileBeforeMeansNoFileAfter() throws {
        let result = try roundTrip(nil)
        #expect(result.integrated?.contains("x-scheme-handler/todolist=\(Self.id);\n") == true)
        #expect(result.after == nil)
    }

    @Test func anEmptyFileStaysEmpty() throws {
        #expect(try roundTrip("").after == "")
    }

    @Test func aFileWithoutADefaultApplicationsGroupLosesTheGroupAgain() throws {
        let before = "[Added Associations]\nimage/png=gimp.desktop;\n"
        #expect(try roundTrip(before).after == before)
    }

    @Test func aFileWithoutAFinalNewlineKeepsWithout() throws {
        for before in ["[Default Applications]\ntext/plain=vim.desktop;", "[Added Associations]\nimage/png=gimp.desktop;"] {
            let result = try roundTrip(before)
            #expect(result.integrated?.hasSuffix("\n") == false, "\(result.integrated ?? "nil")")
            #expect(result.after == before)
        }
    }

    @Test func aCRLFFileKeepsItsEndingsAndGetsCRLFLines() throws {
        let before = "[Default Applications]\r\ntext/plain=vim.desktop;\r\n\r\n[Added Associations]\r\nimage/png=gimp.desktop;\r\n"
        let result = try roundTrip(before)
        #expect(result.integrated?.contains("x-scheme-handler/todolist=\(Self.id);\r\n") == true, "\(result.integrated ?? "nil")")
        #expect(result.integrated?.replacingOccurrences(of: "\r\n", with: "").contains("\n") == false)
        #expect(result.after == before)
    }

    @Test func anExistingMultiEntryLineIsKeptAsWritten() throws {
        let before = "[Default Applications]\nx-scheme-handler/todolist=other.desktop;second.desktop\nx-scheme-handler/notes = \n"
        let result = try roundTrip(before)
        #expect(result.integrated?.contains("x-scheme-handler/todolist=other.desktop;second.desktop\n") == true)
        #expect(result.integrated?.contains("x-scheme-handler/notes =\(Self.id); \n") == true, "\(result.integrated ?? "nil")")
        #expect(result.after == before)
    }

    @Test func theUndoTakesFerryOutOfALineOthersWereAddedTo() {
        // After integrating, the user appended an app to Ferry's line: only Ferry's id goes.
        let text = "[Default Applications]\r\nx-scheme-handler/todolist=\(Self.id);other.desktop;\r\n"
        #expect(MimeAppsEditor.removingDefault(Self.id, from: text) == "[Default Applications]\r\nx-scheme-handler/todolist=other.desktop;\r\n")
    }
}
