/// Names for a file whose name is taken, as Finder and the Inbox number them.
public enum NumberedName {
    /// The `n`th alternative for a taken name, `report.pdf` → `report 2.pdf`, cut to at most
    /// `maximumBytes` bytes of UTF-8 with the extension kept.
    public static func make(_ name: String, _ n: Int, maximumBytes: Int = 255) -> String {
        let tag = " \(n)"
        var stem = name
        var suffix = ""
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            stem = String(name[..<dot])
            suffix = String(name[dot...])
        }
        while stem.utf8.count + tag.utf8.count + suffix.utf8.count > maximumBytes, !stem.isEmpty { stem.removeLast() }
        return stem + tag + suffix
    }
}
