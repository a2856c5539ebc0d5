import Foundation
import Testing
@testable import FerryCore

/// Hostile nesting is refused before the recursive decoder sees it, in both formats.
@Suite struct PropertyListDepthTests {
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
        #expect(Self.nestedXML(200).withUnsafeBytes { PropertyListDepth.measure($0) } == 201)
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
