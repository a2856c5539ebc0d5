import Foundation
import Testing
import FerryTestSupport
@testable import FerryCore

/// Issue 25, item 10: scheme declarations and system manifests are not read from a folder another
/// user can change. The attack: ferry in a folder under /tmp, and user nobody plants
/// `/tmp/share/ferry/schemes/web.plist`, whose program then runs as whoever opens a URL.
@Suite struct UntrustedFoldersTests {
    /// How a folder is left open to another user.
    enum Opening: String, CaseIterable, CustomTestStringConvertible {
        case writableByOthers, writableByGroup, stickyAndWritableByAll, ownedByNobody
        var testDescription: String { rawValue }

        func apply(to path: String) {
            switch self {
            case .writableByOthers: chmod(path, 0o757)
            case .writableByGroup: chmod(path, 0o775)
            case .stickyAndWritableByAll: chmod(path, 0o1777)
            case .ownedByNobody: chown(path, 65534, 65534)
            }
        }
    }

    static let environment = ["HOME": "/nonexistent", "XDG_DATA_HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent"]

    /// `prefix/bin/ferry` and `prefix/share/ferry/schemes/web.plist`.
    func prefix(in temp: TemporaryFolder) throws -> (binary: String, schemes: String) {
        let prefix = temp.path + "/prefix"
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try temp.writeApp("web", in: "prefix/share/ferry/schemes", bundle: false, app("org.ferry.system.web", ["https"], rank: "Owner"))
        return (prefix + "/bin/ferry", prefix + "/share/ferry/schemes")
    }

    @Test func aSchemesFolderBesideTheBinaryOwnedByTheUserIsRead() throws {
        let temp = try TemporaryFolder()
        let (binary, schemes) = try prefix(in: temp)
        #expect(BuiltInSchemes.folder(environment: Self.environment, executable: binary) == schemes)
    }

    @Test(.enabled(if: getuid() == 0, "chown needs root"), arguments: Opening.allCases, ["share", "share/ferry/schemes", ""])
    func aSchemesFolderBesideTheBinaryThatAnotherUserCanChangeIsNotRead(_ opening: Opening, _ place: String) throws {
        let temp = try TemporaryFolder()
        let (binary, schemes) = try prefix(in: temp)
        opening.apply(to: temp.path + "/prefix/" + place)
        // A root-owned sticky folder above it is no opening (see the test below); the folder
        // itself sticky and writable by all is.
        if opening == .stickyAndWritableByAll && place != "share/ferry/schemes" { chown(temp.path + "/prefix/" + place, 65534, 65534) }
        #expect(BuiltInSchemes.folder(environment: Self.environment, executable: binary) != schemes)
    }

    /// A checkout under `/tmp` (CI clones there): the sticky bit keeps other users from renaming or
    /// removing what root made in it, so a root-owned sticky folder above is no reason to refuse.
    @Test(.enabled(if: getuid() == 0, "a root-owned sticky folder needs root"))
    func aRootOwnedStickyFolderAboveIsNoReasonToRefuse() throws {
        let temp = try TemporaryFolder()
        let (binary, schemes) = try prefix(in: temp)
        chmod(temp.path, 0o1777)
        #expect(BuiltInSchemes.folder(environment: Self.environment, executable: binary) == schemes)
        // Something another user made in it is still refused.
        chown(temp.path + "/prefix", 65534, 65534)
        #expect(BuiltInSchemes.folder(environment: Self.environment, executable: binary) != schemes)
    }

    @Test func aSchemesFolderInADataFolderOthersCanWriteIsNotRead() throws {
        let temp = try TemporaryFolder()
        let data = temp.path + "/data"
        try FileManager.default.createDirectory(atPath: data + "/ferry/schemes", withIntermediateDirectories: true)
        let environment = ["HOME": "/nonexistent", "XDG_DATA_HOME": "/nonexistent", "XDG_DATA_DIRS": data]
        #expect(BuiltInSchemes.folder(environment: environment, executable: "/nonexistent/bin/ferry") == data + "/ferry/schemes")
        chmod(data, 0o777)
        #expect(BuiltInSchemes.folder(environment: environment, executable: "/nonexistent/bin/ferry") != data + "/ferry/schemes")
    }

    @Test func aCheckoutAboveTheBinaryThatOthersCanWriteIsNotRead() throws {
        let temp = try TemporaryFolder()
        let checkout = temp.path + "/checkout"
        try FileManager.default.createDirectory(atPath: checkout + "/schemes", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: checkout + "/.build/debug", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: checkout + "/Package.swift", contents: Data())
        let binary = checkout + "/.build/debug/ferry"
        #expect(BuiltInSchemes.folder(environment: Self.environment, executable: binary) == checkout + "/schemes")
        chmod(checkout, 0o777)
        #expect(BuiltInSchemes.folder(environment: Self.environment, executable: binary) != checkout + "/schemes")
    }

    /// The same rule for the system apps folders (`$XDG_DATA_DIRS/ferry/Applications`), such as
    /// a /usr/local/share that the staff group may write.
    @Test(.enabled(if: getuid() == 0, "chown needs root"), arguments: Opening.allCases)
    func aSystemAppsFolderThatAnotherUserCanChangeIsNotRead(_ opening: Opening) throws {
        let temp = try TemporaryFolder()
        try temp.writeApp("todo", in: "share/ferry/Applications", app("com.acme.todo", ["todo"]))
        let folder = temp.folder("share/ferry/Applications", .system)
        #expect(Registry(folders: [folder]).app("com.acme.todo") != nil)
        opening.apply(to: temp.path + "/share")
        // A root-owned sticky folder above is no opening by itself (aRootOwnedStickyFolderAbove…).
        if opening == .stickyAndWritableByAll { chown(temp.path + "/share", 65534, 65534) }
        let registry = Registry(folders: [folder])
        #expect(registry.app("com.acme.todo") == nil)
        #expect(registry.diagnostics.map(\.file) == [folder.path])
    }

    @Test func aManifestOthersCanWriteInASystemFolderIsNotRead() throws {
        let temp = try TemporaryFolder()
        let manifest = try temp.writeApp("todo", in: "system", app("com.acme.todo", ["todo"]))
        try temp.writeApp("notes", in: "system", bundle: false, app("com.acme.notes", ["notes"]))
        chmod(manifest, 0o666)
        chmod(temp.path + "/system/notes.plist", 0o664)
        let registry = Registry(folders: [temp.folder("system", .system)])
        #expect(registry.apps.isEmpty)
        #expect(Set(registry.diagnostics.map(\.file)) == [manifest, temp.path + "/system/notes.plist"])
        // The user's own folder is theirs to keep as they like.
        #expect(Registry(folders: [temp.folder("system", .user)]).apps.count == 2)
    }
}
