import FoundationEssentials
import FerryProtocol

/// Reduces names chosen by a remote sender to safe names inside an Inbox.
///
/// A path like `../../.bashrc` or `/etc/passwd` keeps only its harmless components; each component
/// loses `/`, NUL, control and bidirectional-override characters and leading dots, is NFC-normalized
/// and cut to 255 UTF-8 bytes with its extension kept. Nothing it returns can name a place outside
/// the folder it is joined to.
public enum NameSanitizer {
    /// The longest name a Linux file system accepts, in bytes.
    public static let maximumBytes = 255

    /// The safe relative path components for `path`; never empty, no component is `.` or `..`.
    public static func components(of path: String) -> [String] {
        // By scalar: a slash before a combining mark is one Character that is not "/", yet it
        // separates components for the sender as for every file system.
        let parts = path.unicodeScalars.split(omittingEmptySubsequences: true) { $0 == "/" || $0 == "\\" }
            .map { component(String(String.UnicodeScalarView($0))) }
            .filter { !$0.isEmpty }
        let limited = parts.suffix(16)
        return limited.isEmpty ? ["file"] : Array(limited)
    }

    /// One safe name: never empty, `.` or `..`, at most ``maximumBytes`` bytes.
    public static func name(_ raw: String) -> String {
        let cleaned = component(raw)
        return cleaned.isEmpty ? "file" : cleaned
    }

    static func component(_ raw: String) -> String {
        if isPlainASCII(raw) { return raw }
        // NFC from the standard library's own Unicode tables (no ICU), as swift-foundation does.
        let normalized = String(decoding: raw._nfcCodeUnits, as: UTF8.self)
        var kept = String.UnicodeScalarView()
        for scalar in normalized.unicodeScalars where isAllowed(scalar) { kept.append(scalar) }
        // Cut first: a cut after the leading-dot rule could leave only the extension (`.txt`); trim
        // after it, since the cut can end at a space, which the next sanitizing would remove.
        var text = truncated(String(kept)).trimmingWhitespace.unicodeScalars[...]
        // By scalar: a dot under a combining mark is a character other than ".", yet hides the file.
        while let first = text.first, first == "." || first.properties.isWhitespace { text = text.dropFirst() }
        return String(text)
    }

    /// Printable ASCII without spaces, slashes or a leading dot, short enough: already safe (and
    /// NFC), so the common name skips normalization — 10,000 files of an offer pay for it otherwise.
    static func isPlainASCII(_ raw: String) -> Bool {
        let bytes = raw.utf8
        guard let first = bytes.first, first != UInt8(ascii: "."), bytes.count <= maximumBytes else { return false }
        return bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "\\") }
    }

    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return false  // C0 and C1 controls, NUL
        case 0x2F, 0x5C: return false  // '/' and '\'
        case 0x200E, 0x200F, 0x061C: return false  // directional marks
        case 0x202A...0x202E, 0x2066...0x2069: return false  // embeddings, overrides, isolates
        case 0xFEFF, 0xFFF9...0xFFFB: return false  // BOM, interlinear annotation
        default: return scalar.properties.generalCategory != .control
        }
    }

    /// `name` cut to ``maximumBytes`` UTF-8 bytes at a character boundary, extension kept. A first
    /// character longer than that (a letter under hundreds of combining marks) keeps the scalars
    /// that fit.
    static func truncated(_ name: String) -> String {
        guard name.utf8.count > maximumBytes else { return name }
        var stem = Substring(name)
        var suffix = ""
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            let candidate = String(name[dot...])
            if candidate.utf8.count <= 32 {
                stem = name[..<dot]
                suffix = candidate
            }
        }
        let room = maximumBytes - suffix.utf8.count
        var kept = ""
        var bytes = 0
        for character in stem {
            guard bytes + character.utf8.count <= room else { break }
            kept.append(character)
            bytes += character.utf8.count
        }
        if kept.isEmpty {
            var scalars = String.UnicodeScalarView()
            for scalar in stem.unicodeScalars {
                guard bytes + UTF8.width(scalar) <= room else { break }
                scalars.append(scalar)
                bytes += UTF8.width(scalar)
            }
            kept = String(scalars)
        }
        return kept + suffix
    }

    /// The `n`th alternative for a taken name: `report.pdf` → `report 2.pdf`, kept within the
    /// byte limit.
    public static func numbered(_ name: String, _ n: Int) -> String {
        NumberedName.make(name, n, maximumBytes: maximumBytes)
    }
}
