import CFerrySys
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The byte test `ferry open` puts before parsing a desktop entry: does a `MimeType=` line
/// mention `x-scheme-handler/SCHEME`? Keys are case-sensitive in the Desktop Entry spec, so
/// `memmem` finds the lines; MIME types are not, so within a line the match ignores ASCII case.
/// It only ever skips files that cannot claim the scheme: the answer is as without it.
enum DesktopPrefilter {
    private static let key = Array("MimeType".utf8)

    /// Whether some `MimeType` line (any group, localized or not) contains one of `patterns`
    /// (lowercase ASCII), ignoring ASCII case.
    static func mimeTypeMentions(_ bytes: [UInt8], anyOf patterns: [[UInt8]]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var offset = 0
            while offset < buffer.count {
                guard let found = key.withUnsafeBufferPointer({ cMemmem(base + offset, buffer.count - offset, $0.baseAddress, $0.count) }) else {
                    return false
                }
                let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var end = start
                while end < buffer.count && buffer[end] != 0x0A { end += 1 }
                let line = UnsafeBufferPointer(rebasing: buffer[start..<end])
                if patterns.contains(where: { ManifestFilter.contains(line, $0) }) { return true }
                offset = end
            }
            return false
        }
    }
}

/// glibc's `memmem`, through CFerrySys (Swift's Glibc module hides it behind `_GNU_SOURCE`).
private func cMemmem(_ haystack: UnsafeRawPointer?, _ haystackLength: Int, _ needle: UnsafeRawPointer?,
                     _ needleLength: Int) -> UnsafeMutableRawPointer? {
    ferry_memmem(haystack, haystackLength, needle, needleLength)
}
