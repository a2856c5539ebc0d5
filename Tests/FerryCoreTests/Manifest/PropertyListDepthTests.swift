import Foundation
import Testing
@testable import FerryCore
import FerryTestSupport

/// Hostile nesting is refused before the recursive decoder sees it, in both formats.
@Suite(.offThePool) struct PropertyListDepthTests {
    static func nestedXML(_ levels: Int) -> Data {
        let body = String(repeating: "<array>", count: levels) + String(repeating: "</array>", count: levels)
        return Data(("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>CFBundleIdentifier</key>"
            + "<string>com.a.b</string><key>X</key>\(body)</dict></plist>").utf8)
    }

    /// A binary plist whose top object is a chain of `levels` one-element arrays ending in a string.
    static func nestedBinary(_ levels: Int) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for index in 0..<levels {
            offsets.append(bytes.count)
            bytes.append(0xA1)
            bytes += withUnsafeBytes(of: UInt32(index + 1).bigEndian, Array.init)
        }
        offsets.append(bytes.count)
        bytes += [0x51, UInt8(ascii: "x")]
        let table = bytes.count
        for offset in offsets { bytes += withUnsafeBytes(of: UInt32(offset).bigEndian, Array.init) }
        bytes += [0, 0, 0, 0, 0, 0, 4, 4]
        bytes += withUnsafeBytes(of: UInt64(offsets.count).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt64(0).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt64(table).bigEndian, Array.init)
        return Data(bytes)
    }

    /// 200,000 open tags the way a hostile file spells them: the decoder takes each as an
    /// `<array>`/`<dict>`/`<plist>` and recurses.
    static func hostileXML(_ open: String, _ levels: Int = 200_000) -> Data {
        Data(("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>CFBundleIdentifier</key>"
            + "<string>com.a.b</string><key>X</key>" + String(repeating: open, count: levels)).utf8)
    }

    /// The 51-byte binary plist of the attack: one dictionary whose 8-byte count is 2^62, so that
    /// `count * 2` overflowed.
    static let hugeCountBinary: Data = {
        var bytes = Array("bplist00".utf8)
        bytes += [0xDF, 0x13] + withUnsafeBytes(of: UInt64(1 << 62).bigEndian, Array.init)
        bytes += [8]  // the offset table: object 0 at byte 8
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        bytes += withUnsafeBytes(of: UInt64(1).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt64(0).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt64(18).bigEndian, Array.init)
        return Data(bytes)
    }()

    @Test func theFiftyOneByteBinaryPlistIsRefusedWithoutCrashing() {
        #expect(Self.hugeCountBinary.count == 51)
        guard case .failure(let error) = ManifestLoader.parse(Self.hugeCountBinary, displayPath: "evil.plist") else {
            Issue.record("must be refused")
            return
        }
        #expect(error.code == .notAPropertyList)
        #expect(error.description.hasPrefix("evil.plist: is not a valid property list"))
        #expect(!error.description.contains("\n"))
    }

    /// The fuzzer's 3,736-byte binary plist (kept in Fuzz/Crashes/manifest/): its top dictionary's
    /// count is a 256-byte integer (marker 0x18). Foundation keeps its last 8 bytes, a count whose
    /// byte size no longer fits an Int, and traps in BPlistScanner.scanDictionary.
    static let fuzzedScannerTrap: Data = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? Data(contentsOf: root.appendingPathComponent("Fuzz/Crashes/manifest/foundation-bplist-scanner-trap"))) ?? Data()
    }()

    /// The same fault, small: a dictionary whose count is an integer of `size` bytes (marker
    /// 0x10 | log2 size) ending in 2^62.
    static func dictionaryCount(integerMarker: UInt8, size: Int) -> Data {
        var bytes = Array("bplist00".utf8)
        bytes += [0xDF, integerMarker] + [UInt8](repeating: 0, count: size - 8)
        bytes += withUnsafeBytes(of: UInt64(1 << 62).bigEndian, Array.init)
        let table = bytes.count
        bytes += [8]
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        bytes += withUnsafeBytes(of: UInt64(1).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt64(0).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt64(table).bigEndian, Array.init)
        return Data(bytes)
    }

    @Test(arguments: [fuzzedScannerTrap, dictionaryCount(integerMarker: 0x14, size: 16)])
    func dictionaryCountsFoundationWouldTrapOnAreRefused(_ data: Data) {
        #expect(data.count > 40)
        guard case .failure(let error) = ManifestLoader.parse(data, displayPath: "fuzzed.plist") else {
            Issue.record("must be refused")
            return
        }
        #expect(error.code == .notAPropertyList)
        #expect(error.description.hasPrefix("fuzzed.plist: is not a valid property list ("))
        #expect(!error.description.contains("\n"))
    }

    /// A binary plist of `levels` arrays, each holding the next one twice: tiny on disk, 2^levels
    /// values once decoded.
    static func doublingBinary(_ levels: Int) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for index in 0..<levels {
            offsets.append(bytes.count)
            bytes += [0xA2, UInt8(index + 1), UInt8(index + 1)]
        }
        offsets.append(bytes.count)
        bytes += [0x51, UInt8(ascii: "x")]
        let table = bytes.count
        bytes += offsets.map(UInt8.init)
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        bytes += withUnsafeBytes(of: UInt64(offsets.count).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt64(0).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt64(table).bigEndian, Array.init)
        return Data(bytes)
    }

    @Test func sharedObjectsThatWouldExpandWithoutBoundAreRefused() {
        #expect(Self.doublingBinary(10).withUnsafeBytes { PropertyListDepth.measure($0) } == 11)
        guard case .failure(let error) = ManifestLoader.parse(Self.doublingBinary(40), displayPath: "bomb.plist") else {
            Issue.record("must be refused")
            return
        }
        #expect(error.description == "bomb.plist: shares objects so much that it would expand to over 1048576 values; rewrite it without shared objects")
    }

    @Test(arguments: ["<array >", "<array\t>", "<array\n>", "<dict\n>", "<array x=\"1\">", "<dict a='b' >",
                      "<arrayx>", "<plist>", "<plist version=\"1.0\">"])
    func hostileXMLTagsAreRefusedWithoutCrashing(_ open: String) {
        guard case .failure(let error) = ManifestLoader.parse(Self.hostileXML(open), displayPath: "deep.plist") else {
            Issue.record("must be refused")
            return
        }
        #expect(error.description.hasPrefix("deep.plist: nests "))
        #expect(error.description.hasSuffix("levels deep; at most 512 are allowed"))
    }

    @Test func commentsAndEmptyTagsDoNotCount() {
        let quiet = String(repeating: "<!-- <array> --><array/><dict />", count: 1_000)
        let data = Data(("<plist><dict><key>CFBundleIdentifier</key><string>com.a.b</string>"
            + "<key>X</key><array>\(quiet)</array></dict></plist>").utf8)
        #expect(data.withUnsafeBytes { PropertyListDepth.measure($0) } == 3)
    }

    @Test(arguments: [nestedXML(100_000), nestedBinary(100_000)])
    func hostileNestingIsRefusedWithoutCrashing(_ data: Data) {
        guard case .failure(let error) = ManifestLoader.parse(data, displayPath: "deep.plist") else {
            Issue.record("must be refused")
            return
        }
        #expect(error.description.hasPrefix("deep.plist: nests "))
        #expect(error.description.hasSuffix("levels deep; at most 512 are allowed"))
    }

    @Test func ordinaryNestingIsMeasuredAndAllowed() {
        #expect(Self.nestedXML(200).withUnsafeBytes { PropertyListDepth.measure($0) } == 202)
        #expect(Self.nestedBinary(200).withUnsafeBytes { PropertyListDepth.measure($0) } == 201)
        #expect(throws: Never.self) { try ManifestLoader.parse(Self.nestedXML(200), displayPath: "x").get() }
    }

    @Test func aSelfReferencingBinaryPlistIsRefused() {
        var data = Self.nestedBinary(1)
        data[12] = 0  // the array's one reference (bytes 9...12) now points at itself, object 0
        #expect(data.withUnsafeBytes { PropertyListDepth.measure($0) } == PropertyListDepth.cyclic)
        guard case .failure(let error) = ManifestLoader.parse(data, displayPath: "loop.plist") else {
            Issue.record("must be refused")
            return
        }
        #expect(error.description == "loop.plist: is not a valid property list (an object contains itself)")
    }

    @Test func overlargeFilesAreRefused() {
        let data = Data(count: ManifestLoader.maximumSize + 1)
        guard case .failure(let error) = ManifestLoader.parse(data, displayPath: "big.plist") else {
            Issue.record("must be refused")
            return
        }
        #expect(error.message == "is \(ManifestLoader.maximumSize + 1) bytes; a manifest may be 16 MiB at most")
    }
}
